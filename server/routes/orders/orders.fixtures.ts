import type { TestServer } from '../../test/harness';

/*
 * What the orders tests share: the six principals of the API issue (anonymous aside)
 * and direct reads of the seeded data to compare answers with.
 */

export { ROLE_SESSIONS, signInAll, STORE_A, STORE_B, type Principals } from '../../test/suite';

/** A user's id by phone number. */
export async function userIdOf(t: TestServer, phone: string): Promise<number> {
  const u = await t.db.kysely
    .selectFrom('users')
    .select('id')
    .where('phone_number', '=', phone)
    .executeTakeFirstOrThrow();
  return u.id;
}
