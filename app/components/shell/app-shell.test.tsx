import { screen, within } from '@testing-library/react';
import { http as mswHttp, HttpResponse } from 'msw';
import { describe, expect, it, vi } from 'vitest';
import { fail } from '#contract/envelope';
import { url } from '#mocks/endpoint';
import { server } from '#mocks/server';
import { renderApp, signInAs } from '../../test/render-app';

describe('guards', () => {
  it('sends a signed-out visitor to /login, remembering where they were going', async () => {
    const { router } = await renderApp('/changepassword');
    expect(await screen.findByRole('heading', { name: 'Sign in' })).toBeInTheDocument();
    expect(router.state.location.pathname).toBe('/login');
    expect(router.state.location.search).toEqual({ redirect: '/changepassword' });
  });

  it('says an expired session expired, and signing in returns to the page', async () => {
    signInAs('BlueTikAdmin', { expiration: new Date(Date.now() - 60_000).toISOString() });
    const { router, user } = await renderApp('/changepassword');
    await screen.findByRole('heading', { name: 'Sign in' });
    expect(router.state.location.pathname).toBe('/login');
    expect(screen.getByRole('status')).toHaveTextContent('Your session expired — please sign in again.');
    await user.type(screen.getByLabelText('Mobile number'), '9000000003');
    await user.type(screen.getByLabelText('Password'), 'Staff@123');
    await user.click(screen.getByRole('button', { name: 'Sign in' }));
    await screen.findByRole('heading', { name: 'Change Password' });
    expect(router.state.location.pathname).toBe('/changepassword');
  });

  it('a visitor who never signed in is told nothing about sessions', async () => {
    await renderApp('/changepassword');
    await screen.findByRole('heading', { name: 'Sign in' });
    expect(screen.queryByRole('status')).not.toBeInTheDocument();
  });

  it('sends a signed-in user away from /login', async () => {
    signInAs('WebUser');
    const { router } = await renderApp('/login');
    expect(await screen.findByRole('heading', { name: /Welcome/ })).toBeInTheDocument();
    expect(router.state.location.pathname).toBe('/');
  });

  it('shows a 404 for unknown paths with a way home', async () => {
    await renderApp('/no/such/page');
    expect(await screen.findByRole('heading', { name: 'Page not found' })).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Go to Dashboard' })).toHaveAttribute('href', '/');
    expect(screen.queryByRole('navigation', { name: 'Main' })).not.toBeInTheDocument();
  });

  it('keeps the shell around the 404 when signed in (spec §2)', async () => {
    signInAs('WebAdmin');
    await renderApp('/no/such/page');
    expect(await screen.findByRole('heading', { name: 'Page not found' })).toBeInTheDocument();
    expect(await screen.findByRole('navigation', { name: 'Main' })).toBeInTheDocument();
    expect(screen.getByRole('button', { name: /Profile menu/ })).toBeInTheDocument();
    expect(screen.getAllByRole('main')).toHaveLength(1);
  });
});

describe('shell', () => {
  it('shows Administration (User, Role) only to BlueTikAdmin', async () => {
    signInAs('BlueTikAdmin');
    await renderApp('/');
    const nav = await screen.findByRole('navigation', { name: 'Main' });
    for (const name of ['Dashboard', 'Order', 'Category', 'Items', 'User', 'Role']) {
      expect(within(nav).getByRole('link', { name })).toBeInTheDocument();
    }
    expect(within(nav).getByText('Administration')).toBeInTheDocument();
    expect(within(nav).getByText('Settings')).toBeInTheDocument();
  });

  it.each(['WebAdmin', 'WebUser', 'MobileUser'] as const)('hides Administration from %s', async (role) => {
    signInAs(role);
    await renderApp('/');
    const nav = await screen.findByRole('navigation', { name: 'Main' });
    expect(within(nav).getByRole('link', { name: 'Order' })).toBeInTheDocument();
    expect(within(nav).queryByText('Administration')).not.toBeInTheDocument();
    expect(within(nav).queryByRole('link', { name: 'User' })).not.toBeInTheDocument();
    expect(within(nav).queryByRole('link', { name: 'Role' })).not.toBeInTheDocument();
  });

  it('has a skip link, banner, main and footer landmarks', async () => {
    signInAs('WebUser');
    await renderApp('/');
    await screen.findByRole('main');
    expect(screen.getByRole('link', { name: 'Skip to main content' })).toBeInTheDocument();
    expect(screen.getByRole('banner')).toBeInTheDocument();
    expect(screen.getByRole('contentinfo')).toHaveTextContent('©');
  });

  it('profile menu shows name, e-mail and the three account items', async () => {
    const session = signInAs('WebAdmin');
    const { user } = await renderApp('/');
    const trigger = await screen.findByRole('button', { name: /Profile menu/ });
    expect(trigger).toHaveTextContent(session.name);
    await user.click(trigger);
    const menu = await screen.findByRole('menu');
    expect(within(menu).getByText(session.name)).toBeInTheDocument();
    expect(within(menu).getByText(session.email)).toBeInTheDocument();
    expect(
      within(menu)
        .getAllByRole('menuitem')
        .map((i) => i.textContent),
    ).toEqual(['Edit Profile', 'Change Password', 'Log Out']);
    // The new-order alert switches (issue 16): sound on, desktop notifications off.
    expect(
      within(menu)
        .getAllByRole('menuitemcheckbox')
        .map((i) => [i.textContent, i.getAttribute('aria-checked')]),
    ).toEqual([
      ['Sound for new orders', 'true'],
      ...(typeof Notification === 'undefined' ? [] : [['Desktop notifications', 'false']]),
    ]);
  });

  it('Log Out clears storage and lands on /login', async () => {
    signInAs('WebAdmin');
    const { user, router } = await renderApp('/');
    await user.click(await screen.findByRole('button', { name: /Profile menu/ }));
    await user.click(await screen.findByRole('menuitem', { name: 'Log Out' }));
    expect(await screen.findByRole('heading', { name: 'Sign in' })).toBeInTheDocument();
    expect(router.state.location.pathname).toBe('/login');
    expect(localStorage.length).toBe(0);
  });

  it('a 401 on a signed-in call ends the session and returns to /login', async () => {
    signInAs('WebAdmin');
    server.use(
      mswHttp.get(url('getUserByUserId'), () => HttpResponse.json(fail('Session ended'), { status: 401 })),
    );
    vi.spyOn(console, 'error').mockImplementation(() => {});
    const { router } = await renderApp('/editprofile');
    await screen.findByRole('heading', { name: 'Sign in' });
    expect(router.state.location.pathname).toBe('/login');
    expect(router.state.location.search).toEqual({ redirect: '/editprofile', reason: 'ended' });
    expect(screen.getByRole('status')).toHaveTextContent('Your session has ended — please sign in again.');
    expect(localStorage.getItem('token')).toBeNull();
  });

  it('ignores a reason it does not know', async () => {
    const { router } = await renderApp('/login?reason=%3Cb%3Ehacked%3C%2Fb%3E');
    await screen.findByRole('heading', { name: 'Sign in' });
    expect(router.state.location.search).toEqual({});
    expect(screen.queryByRole('status')).not.toBeInTheDocument();
  });
});
