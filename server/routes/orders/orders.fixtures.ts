import { orderIdForDigits } from '#contract/orders';
import type { Kysely } from 'kysely';
import type { Database } from '../../db/schema';
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

/** A user's id by phone number, in a database. */
export async function userIdIn(db: Kysely<Database>, phone: string): Promise<number> {
  const u = await db
    .selectFrom('users')
    .select('id')
    .where('phone_number', '=', phone)
    .executeTakeFirstOrThrow();
  return u.id;
}

/** A user's id by phone number, in a test server's database. */
export const userIdOf = (t: TestServer, phone: string) => userIdIn(t.db.kysely, phone);

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

/** What the search reads of an order (a plain filter's input). */
export interface SearchedOrder {
  id: number;
  order_number: string;
  customer_name: string;
  customer_phone: string;
}

/**
 * The search rule of DECISIONS §1 as a plain filter (bench/lib/orders-check.ts writes it so too):
 * prefixes, compared bytewise — the order number as typed, in capitals or small letters,
 * or the id for digits; the phone's first or (4 to 9 digits) last digits; the name, or the
 * name from its second word on, ignoring case.
 */
export function searchMatches(o: SearchedOrder, text: string) {
  const lower = text.toLowerCase();
  const name = o.customer_name.toLowerCase();
  const rest = name.slice(o.customer_name.indexOf(' ') + 1);
  return (
    [text, text.toUpperCase(), lower].some((t) => o.order_number.startsWith(t)) ||
    o.id === orderIdForDigits(text) ||
    (/^\d+$/.test(text) && o.customer_phone.startsWith(text)) ||
    (/^\d{4,9}$/.test(text) && o.customer_phone.endsWith(text)) ||
    name.startsWith(lower) ||
    rest.startsWith(lower)
  );
}
