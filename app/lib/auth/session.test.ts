import { describe, expect, it, vi } from 'vitest';
import { makeLoginResult, makeToken } from '#mocks/factories/accounts';
import {
  clearSession,
  getSession,
  isSignedIn,
  roleFromToken,
  saveSession,
  SESSION_KEYS,
  updateSessionProfile,
} from './session';

describe('roleFromToken', () => {
  it('reads the role claim', () => {
    expect(roleFromToken(makeToken({ sub: '9000000002', name: 'x', role: 'WebAdmin' }))).toBe('WebAdmin');
  });

  it('falls back to the value of the second claim when there is no role claim', () => {
    expect(
      roleFromToken(makeToken({ sub: '9000000001', 'http://schemas/role': 'BlueTikAdmin', name: 'x' })),
    ).toBe('BlueTikAdmin');
  });

  it.each(['not-a-token', 'a.%%%.c', `x.${btoa('[1,2]')}.y`])(
    'logs "Invalid token format" and yields "" for %s',
    (token) => {
      const error = vi.spyOn(console, 'error').mockImplementation(() => {});
      expect(roleFromToken(token)).toBe('');
      expect(error).toHaveBeenCalledWith('Invalid token format');
    },
  );

  it('yields "" without a token and without logging', () => {
    const error = vi.spyOn(console, 'error');
    expect(roleFromToken(null)).toBe('');
    expect(error).not.toHaveBeenCalled();
  });
});

describe('session storage', () => {
  it('stores the login result under the spec keys', () => {
    const result = makeLoginResult('WebUser');
    saveSession(result);
    expect(localStorage.getItem('token')).toBe(result.token);
    expect(localStorage.getItem('token-expiration')).toBe(result.expiration);
    expect(localStorage.getItem('userid')).toBe(result.userId);
    expect(localStorage.getItem('name')).toBe(result.name);
    expect(localStorage.getItem('email')).toBe(result.email);
    expect(getSession()).toMatchObject({ userId: result.userId, role: 'WebUser' });
    expect(isSignedIn()).toBe(true);
  });

  it('is signed out once the stored expiration has passed', () => {
    saveSession(makeLoginResult('WebUser', { expiration: new Date(Date.now() - 1000).toISOString() }));
    expect(isSignedIn()).toBe(false);
  });

  it('logout clears ALL local storage', () => {
    saveSession(makeLoginResult());
    localStorage.setItem('something-else', 'x');
    clearSession();
    expect(localStorage.length).toBe(0);
    expect(getSession()).toBeNull();
  });

  it('keeps name and email in step after a profile edit', () => {
    saveSession(makeLoginResult());
    updateSessionProfile({ name: 'New Name', email: 'new@bluetik.example' });
    expect(localStorage.getItem(SESSION_KEYS.name)).toBe('New Name');
    expect(getSession()).toMatchObject({ name: 'New Name', email: 'new@bluetik.example' });
  });
});
