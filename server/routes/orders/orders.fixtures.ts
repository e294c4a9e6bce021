import { send, type Session, signIn, signInWith, type TestServer } from '../../test/harness';

/*
 * What the orders tests share: the six principals of the API issue (anonymous aside)
 * and direct reads of the seeded data to compare answers with.
 */

/** Store A is the WebAdmin 9000000002; store B is the extra WebAdmin 9000000005. */
export const STORE_A = '9000000002';
export const STORE_B = '9000000005';

/** Signed-in sessions for every principal. */
export interface Principals {
  admin: Session;
  webAdmin: Session;
  webUser: Session;
  mobileUser: Session;
  storeB: Session;
}

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

/** Every signed-in principal's key. */
export const ROLE_SESSIONS: readonly (keyof Principals)[] = [
  'admin',
  'webAdmin',
  'webUser',
  'mobileUser',
  'storeB',
];

/** A user's id by phone number. */
export async function userIdOf(t: TestServer, phone: string): Promise<number> {
  const u = await t.db.kysely
    .selectFrom('users')
    .select('id')
    .where('phone_number', '=', phone)
    .executeTakeFirstOrThrow();
  return u.id;
}

/** GET helper: answers status and body. */
export const get = (t: TestServer, s: Session | undefined, path: string) =>
  send(t.app, 'GET', `/api/orders/${path}`, s ? { session: s } : {});
