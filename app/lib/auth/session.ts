import { useSyncExternalStore } from 'react';
import type { LoginResult } from '#contract/auth';
import { emit, on } from '../events';

/** Local-storage keys, exactly as spec §9 names them (the original back end's client used these). */
export const SESSION_KEYS = {
  token: 'token',
  expiration: 'token-expiration',
  userId: 'userid',
  name: 'name',
  email: 'email',
} as const;

/** What the app knows about the signed-in user. */
export interface Session {
  token: string;
  /** ISO-8601 instant the token expires. */
  expiration: string;
  /** The user's 10-digit mobile number. */
  userId: string;
  name: string;
  email: string;
  /** Role read from the token ('' when it can't be read). */
  role: string;
}

function read(key: string): string | null {
  try {
    return localStorage.getItem(key);
  } catch {
    return null;
  }
}

/** Stores a login result (spec §3: all five values are kept locally). */
export function saveSession(result: LoginResult) {
  localStorage.setItem(SESSION_KEYS.token, result.token);
  localStorage.setItem(SESSION_KEYS.expiration, result.expiration);
  localStorage.setItem(SESSION_KEYS.userId, result.userId);
  localStorage.setItem(SESSION_KEYS.name, result.name);
  localStorage.setItem(SESSION_KEYS.email, result.email);
  changed();
}

/** Ends the session locally. Spec §4: logout clears ALL local storage, not just our keys. */
export function clearSession() {
  localStorage.clear();
  changed();
}

/** Keeps the profile menu in step after the user edits their own profile. */
export function updateSessionProfile(profile: { name: string; email: string }) {
  localStorage.setItem(SESSION_KEYS.name, profile.name);
  localStorage.setItem(SESSION_KEYS.email, profile.email);
  changed();
}

/** The bearer token, if any (expired or not: the server is the judge of that). */
export function getToken(): string | null {
  return read(SESSION_KEYS.token) || null;
}

/** The stored user id (the 10-digit mobile number). */
export function getUserId(): string {
  return read(SESSION_KEYS.userId) ?? '';
}

/** Signed in = a token is present and its stored expiration lies in the future. */
export function isSignedIn(now: number = Date.now()): boolean {
  if (!getToken()) return false;
  const expires = Date.parse(read(SESSION_KEYS.expiration) ?? '');
  return Number.isFinite(expires) && expires > now;
}

function decodeBase64Url(segment: string): string {
  const base64 = segment.replace(/-/g, '+').replace(/_/g, '/');
  const padded = base64 + '='.repeat((4 - (base64.length % 4)) % 4);
  const bytes = Uint8Array.from(atob(padded), (c) => c.charCodeAt(0));
  return new TextDecoder().decode(bytes);
}

/**
 * The role carried by a JWT: the `role` claim, else the second claim's value (spec §6
 * reads "the second claim"; DECISIONS §3 puts the role there, so both readings agree).
 * The signature is the server's business; the client only needs the role to hide UI.
 */
export function roleFromToken(token: string | null | undefined): string {
  if (!token) return '';
  try {
    const payload = token.split('.')[1];
    if (!payload) throw new Error('missing payload');
    const claims: unknown = JSON.parse(decodeBase64Url(payload));
    if (!claims || typeof claims !== 'object' || Array.isArray(claims)) throw new Error('not an object');
    const record = claims as Record<string, unknown>;
    if (typeof record.role === 'string') return record.role;
    const second = Object.values(record)[1];
    return typeof second === 'string' ? second : '';
  } catch {
    console.error('Invalid token format');
    return '';
  }
}

/** Why a signed-in user lands on sign-in: the server ended the session (401), or it ran out. */
export const SESSION_END_REASONS = ['ended', 'expired'] as const;
export type SessionEndReason = (typeof SESSION_END_REASONS)[number];

/** Read before clearing: a stored token past its expiration ran out; any other refusal ended it. */
export function sessionEndReason(now: number = Date.now()): SessionEndReason {
  return getToken() && !isSignedIn(now) ? 'expired' : 'ended';
}

/** The current role ('' when signed out or unreadable). */
export function getRole(): string {
  return roleFromToken(getToken());
}

let cached: Session | null = null;
let cachedKey = '';

/** A stable snapshot of the stored session (same object until storage changes). */
export function getSession(): Session | null {
  const token = getToken();
  const expiration = read(SESSION_KEYS.expiration) ?? '';
  const userId = read(SESSION_KEYS.userId) ?? '';
  const name = read(SESSION_KEYS.name) ?? '';
  const email = read(SESSION_KEYS.email) ?? '';
  const key = JSON.stringify([token, expiration, userId, name, email]);
  if (key === cachedKey) return cached;
  cachedKey = key;
  cached = token ? { token, expiration, userId, name, email, role: roleFromToken(token) } : null;
  return cached;
}

function changed() {
  emit('session');
}

function subscribe(listener: () => void) {
  const off = on('session', listener);
  // Another tab signing in or out changes our storage too.
  const onStorage = (event: StorageEvent) => {
    if (event.storageArea === localStorage) listener();
  };
  window.addEventListener('storage', onStorage);
  return () => {
    off();
    window.removeEventListener('storage', onStorage);
  };
}

/** The stored session, re-rendering when it changes (here or in another tab). */
export function useSession(): Session | null {
  return useSyncExternalStore(subscribe, getSession, () => null);
}
