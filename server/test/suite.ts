import { afterAll, beforeAll } from 'vitest';
import type { AppDeps } from '../app';
import {
  anonymousCsrf,
  createTestServer,
  signIn,
  signInWith,
  type Session,
  type TestServer,
} from './harness';

/*
 * The set-up most server suites share, written once: a fresh test server for the file,
 * every principal signed in, an anonymous CSRF value, and the server closed afterwards.
 * Read the fields inside tests (they are filled in beforeAll).
 */

/** Store A is the WebAdmin 9000000002 (isAddCategoryItems Yes); store B is the extra WebAdmin 9000000005 (No). */
export const STORE_A = '9000000002';
export const STORE_B = '9000000005';

/** Signed-in sessions for every principal but the anonymous one. */
export interface Principals {
  admin: Session;
  webAdmin: Session;
  webUser: Session;
  mobileUser: Session;
  storeB: Session;
}

/** Every signed-in principal's key. */
export const ROLE_SESSIONS: readonly (keyof Principals)[] = [
  'admin',
  'webAdmin',
  'webUser',
  'mobileUser',
  'storeB',
];

/** Signs every principal in. */
export async function signInAll(t: TestServer): Promise<Principals> {
  const [admin, webAdmin, webUser, mobileUser, storeB] = await Promise.all([
    signIn(t.app, 'BlueTikAdmin'),
    signIn(t.app, 'WebAdmin'),
    signIn(t.app, 'WebUser'),
    signIn(t.app, 'MobileUser'),
    signInWith(t.app, STORE_B, 'Store@123'),
  ]);
  return { admin, webAdmin, webUser, mobileUser, storeB };
}

/** What a suite gets from `useSuite`. */
export interface Suite {
  t: TestServer;
  /** Every principal, signed in (unless `signIn: false`). */
  as: Principals;
  /** An anonymous browser's CSRF value (it may POST the login, nothing else). */
  anonymous: { csrf: string };
}

/**
 * Registers the file's set-up and tear-down and answers the suite, filled before the
 * first test runs. `orders` seeds fewer demo orders; `signIn: false` skips the sign-ins;
 * `ready` runs last in the set-up (a suite copies what it uses into its own variables).
 */
export function useSuite(
  opts: { orders?: number; signIn?: boolean; deps?: Partial<AppDeps> } = {},
  ready?: (suite: Suite) => unknown,
): Suite {
  const suite = {} as Suite;
  beforeAll(async () => {
    suite.t = await createTestServer(
      opts.deps ?? {},
      opts.orders !== undefined ? { orders: opts.orders } : {},
    );
    if (opts.signIn !== false) suite.as = await signInAll(suite.t);
    suite.anonymous = { csrf: await anonymousCsrf(suite.t.app) };
    await ready?.(suite);
  });
  afterAll(() => suite.t?.close());
  return suite;
}
