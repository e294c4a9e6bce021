import { screen, waitFor } from '@testing-library/react';
import { http as mswHttp, HttpResponse } from 'msw';
import { describe, expect, it, vi } from 'vitest';
import { LOGIN_LOCKED_MESSAGE } from '#contract/auth';
import { fail } from '#contract/envelope';
import { url } from '#mocks/endpoint';
import { server } from '#mocks/server';
import { store } from '#mocks/store';
import { renderApp, signInAs } from '../../../test/render-app';

async function openChangePassword() {
  signInAs('WebUser');
  const app = await renderApp('/changepassword');
  await screen.findByRole('heading', { name: 'Change Password' });
  return app;
}

async function fill(
  user: Awaited<ReturnType<typeof openChangePassword>>['user'],
  current: string,
  next: string,
  confirm: string,
) {
  await user.type(screen.getByLabelText('Current Password'), current);
  await user.type(screen.getByLabelText('New Password'), next);
  await user.type(screen.getByLabelText('Confirm Password'), confirm);
  await user.click(screen.getByRole('button', { name: 'Submit' }));
}

describe('change password', () => {
  it('requires all three fields', async () => {
    const { user } = await openChangePassword();
    await user.click(screen.getByRole('button', { name: 'Submit' }));
    expect(await screen.findByText('Current Password is required')).toBeInTheDocument();
    expect(screen.getByText('New Password is required')).toBeInTheDocument();
    expect(screen.getByText('Confirm Password is required')).toBeInTheDocument();
  });

  it('refuses a mismatch without sending the request', async () => {
    const posts = vi.fn();
    server.events.on('request:start', ({ request }) => {
      if (request.method === 'POST') posts();
    });
    const { user } = await openChangePassword();
    await fill(user, 'Staff@123', 'NewPass@1', 'NewPass@2');
    expect(await screen.findByText('Password and Confirm Password must be same.')).toBeInTheDocument();
    expect(screen.getByLabelText('Confirm Password')).toHaveAttribute('aria-invalid', 'true');
    expect(posts).not.toHaveBeenCalled();
    server.events.removeAllListeners();
  });

  it('shows "Invalid Current Password" in red and stays signed in', async () => {
    const { user, router } = await openChangePassword();
    await fill(user, 'not-my-password', 'NewPass@1', 'NewPass@1');
    const message = await screen.findByText('Invalid Current Password');
    expect(message.closest('[role=alert]')).not.toBeNull();
    expect(message.closest('p')).toHaveClass('text-red-700');
    expect(router.state.location.pathname).toBe('/changepassword');
    expect(localStorage.getItem('token')).not.toBeNull();
  });

  it('shows the lockout message on 429 (too many wrong current passwords) and stays signed in', async () => {
    vi.spyOn(console, 'error').mockImplementation(() => {});
    server.use(
      mswHttp.post(url('changePassword'), () =>
        HttpResponse.json(fail(LOGIN_LOCKED_MESSAGE), { status: 429 }),
      ),
    );
    const { user, router } = await openChangePassword();
    await fill(user, 'Staff@123', 'NewPass@1', 'NewPass@1');
    const message = await screen.findByText(LOGIN_LOCKED_MESSAGE, { selector: 'form [role=alert] *' });
    expect(message).toBeInTheDocument();
    expect(router.state.location.pathname).toBe('/changepassword');
    expect(localStorage.getItem('token')).not.toBeNull();
  });

  it('shows "User Not Found" the same way', async () => {
    store.passwords.delete('9000000003');
    const { user } = await openChangePassword();
    await fill(user, 'Staff@123', 'NewPass@1', 'NewPass@1');
    expect((await screen.findByText('User Not Found')).closest('[role=alert]')).not.toBeNull();
  });

  it('on "Password Changed" signs out and goes to /login with a notice', async () => {
    const { user, router } = await openChangePassword();
    await fill(user, 'Staff@123', 'NewPass@1', 'NewPass@1');
    expect(await screen.findByRole('heading', { name: 'Sign in' })).toBeInTheDocument();
    expect(router.state.location.pathname).toBe('/login');
    expect(localStorage.length).toBe(0);
    expect(store.passwords.get('9000000003')).toBe('NewPass@1');
    expect(await screen.findByText(/Your password was changed/)).toBeInTheDocument();
  });

  it('Cancel goes home', async () => {
    const { user, router } = await openChangePassword();
    await user.click(screen.getByRole('button', { name: 'Cancel' }));
    await waitFor(() => expect(router.state.location.pathname).toBe('/'));
  });
});
