import type { TestServer } from '../../test/harness';
import { STORE_A, STORE_B, useSuite, type Principals } from '../../test/suite';

/*
 * What the orders tests share: the six principals of the API issue (anonymous aside)
 * and direct reads of the seeded data to compare answers with.
 */

export { ROLE_SESSIONS, signInAll, STORE_A, STORE_B, type Principals } from '../../test/suite';

const INDIA_DATE = new Intl.DateTimeFormat('en-CA', { timeZone: 'Asia/Kolkata' });
/**
 * The India calendar day 'YYYY-MM-DD' (DECISIONS §9) of an instant, from the platform's
 * time-zone database (Intl, Asia/Kolkata), not the server's arithmetic: what a date filter means.
 */
export const indiaDateOf = (at: string | number) => INDIA_DATE.format(new Date(at));

/** A user's id by phone number. */
export async function userIdOf(t: TestServer, phone: string): Promise<number> {
  const u = await t.db.kysely
    .selectFrom('users')
    .select('id')
    .where('phone_number', '=', phone)
    .executeTakeFirstOrThrow();
  return u.id;
}

/** The file's test server, its principals and the two stores' user ids, filled before its first test. */
export let t: TestServer;
export let p: Principals;
export let storeA: number;
export let storeB: number;

/** Registers an orders suite's set-up and tear-down; `ready` runs last in the set-up. */
export function useOrdersSuite(opts: { orders?: number } = {}, ready?: () => void | Promise<void>) {
  return useSuite(opts, async (suite) => {
    ({ t, as: p } = suite);
    storeA = await userIdOf(t, STORE_A);
    storeB = await userIdOf(t, STORE_B);
    await ready?.();
  });
}
