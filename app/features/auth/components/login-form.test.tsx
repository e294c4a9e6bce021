import { screen, waitFor } from '@testing-library/react';
import { http as mswHttp, HttpResponse } from 'msw';
import { describe, expect, it, vi } from 'vitest';
import { fail } from '#contract/envelope';
import { LOGIN_LOCKED_MESSAGE } from '#contract/auth';
import { url } from '#mocks/endpoint';
import { server } from '#mocks/server';
import { renderApp } from '../../../test/render-app';

async function openLogin(path = '/login') {
  const app = await renderApp(path);
  await screen.findByRole('heading', { name: 'Sign in' });
  return app;
}

describe('login', () => {
  it('has labelled controls, the mobile number focused', async () => {
    await openLogin();
    expect(screen.getByLabelText('Mobile number')).toHaveFocus();
    expect(screen.getByLabelText('Mobile number')).toHaveAttribute('type', 'tel');
    expect(screen.getByLabelText('Password')).toHaveAttribute('type', 'password');
    expect(screen.getByLabelText('Remember me')).toHaveAttribute('type', 'checkbox');
    expect(screen.getByRole('button', { name: 'Sign in' })).toBeInTheDocument();
  });

  it('shows the required messages after a submit attempt and sends nothing', async () => {
    const sent = vi.fn();
    server.events.on('request:start', sent);
    const { user } = await openLogin();
    await user.click(screen.getByRole('button', { name: 'Sign in' }));
    expect(await screen.findByText('Mobile number is required')).toBeInTheDocument();
    expect(screen.getByText('Password is required')).toBeInTheDocument();
    const mobile = screen.getByLabelText('Mobile number');
    expect(mobile).toHaveAttribute('aria-invalid', 'true');
    expect(mobile).toHaveAccessibleDescription(expect.stringContaining('Mobile number is required'));
    await waitFor(() => expect(mobile).toHaveFocus());
    expect(sent).not.toHaveBeenCalled();
    server.events.removeAllListeners();
  });

  it('complains about an empty required field once it is left', async () => {
    const { user } = await openLogin();
    await user.click(screen.getByLabelText('Mobile number'));
    expect(screen.queryByText('Mobile number is required')).not.toBeInTheDocument();
    await user.tab();
    expect(await screen.findByText('Mobile number is required')).toBeInTheDocument();
    expect(screen.queryByText('Password is required')).not.toBeInTheDocument();
  });

  it('waits for the field to be left before complaining about its pattern', async () => {
    const { user } = await openLogin();
    await user.type(screen.getByLabelText('Mobile number'), '12345');
    expect(screen.queryByText('Mobile number should be 10 digit')).not.toBeInTheDocument();
    await user.tab();
    expect(await screen.findByText('Mobile number should be 10 digit')).toBeInTheDocument();
    await user.clear(screen.getByLabelText('Mobile number'));
    await user.type(screen.getByLabelText('Mobile number'), '+919000000001');
    await waitFor(() =>
      expect(screen.queryByText('Mobile number should be 10 digit')).not.toBeInTheDocument(),
    );
  });

  it('shows the failure message in an alert and stays on the form', async () => {
    vi.spyOn(console, 'error').mockImplementation(() => {});
    const { user, router } = await openLogin();
    await user.type(screen.getByLabelText('Mobile number'), '9000000001');
    await user.type(screen.getByLabelText('Password'), 'wrong-password');
    await user.click(screen.getByRole('button', { name: 'Sign in' }));
    const alert = await screen.findByText('Incorrect username or password', { selector: '[role=alert] *' });
    expect(alert).toBeInTheDocument();
    expect(router.state.location.pathname).toBe('/login');
    expect(localStorage.getItem('token')).toBeNull();
  });

  it('shows the lockout message on 429', async () => {
    vi.spyOn(console, 'error').mockImplementation(() => {});
    server.use(
      mswHttp.post(url('login'), () => HttpResponse.json(fail(LOGIN_LOCKED_MESSAGE), { status: 429 })),
    );
    const { user } = await openLogin();
    await user.type(screen.getByLabelText('Mobile number'), '9000000001');
    await user.type(screen.getByLabelText('Password'), 'whatever');
    await user.click(screen.getByRole('button', { name: 'Sign in' }));
    expect(await screen.findByText(LOGIN_LOCKED_MESSAGE, { selector: '[role=alert] *' })).toBeInTheDocument();
  });

  it('signs in, stores the session and goes home', async () => {
    const bodies: unknown[] = [];
    server.events.on('request:start', async ({ request }) => {
      if (request.url.endsWith('/accounts/login')) bodies.push(await request.clone().json());
    });
    const { user, router } = await openLogin();
    await user.type(screen.getByLabelText('Mobile number'), '09000000002');
    await user.type(screen.getByLabelText('Password'), 'Store@123');
    await user.click(screen.getByLabelText('Remember me'));
    await user.click(screen.getByRole('button', { name: 'Sign in' }));
    expect(await screen.findByRole('heading', { name: 'Welcome, Sunil Store' })).toBeInTheDocument();
    expect(router.state.location.pathname).toBe('/');
    expect(bodies).toEqual([{ username: '09000000002', password: 'Store@123', rememberme: true }]);
    expect(localStorage.getItem('userid')).toBe('9000000002');
    server.events.removeAllListeners();
  });

  it('honours a same-origin redirect and ignores a foreign one', async () => {
    const first = await openLogin('/login?redirect=%2Fchangepassword');
    await first.user.type(screen.getByLabelText('Mobile number'), '9000000003');
    await first.user.type(screen.getByLabelText('Password'), 'Staff@123');
    await first.user.click(screen.getByRole('button', { name: 'Sign in' }));
    await screen.findByRole('heading', { name: 'Change Password' });
    expect(first.router.state.location.pathname).toBe('/changepassword');
    first.unmount();
    localStorage.clear();

    const second = await openLogin('/login?redirect=https%3A%2F%2Fevil.example%2F');
    await second.user.type(screen.getByLabelText('Mobile number'), '9000000003');
    await second.user.type(screen.getByLabelText('Password'), 'Staff@123');
    await second.user.click(screen.getByRole('button', { name: 'Sign in' }));
    await screen.findByRole('heading', { name: /Welcome/ });
    expect(second.router.state.location.pathname).toBe('/');
  });
});
