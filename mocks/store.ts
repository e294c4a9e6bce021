import type { AuditRow } from '#contract/audit';
import type { EndpointName } from '#contract/endpoints';
import type { Language } from '#contract/enums';
import type { BulkInsertResult } from '#contract/roles';
import type { Item } from '#contract/items';
import type { OrderHistoryEntry } from '#contract/order-history';
import type { OrderBill } from '#contract/order-prints';
import type { Dashboard, Order, OrderChanges, OrderStatusCounts } from '#contract/orders';
import type { RoleRecord } from '#contract/roles';
import type { User } from '#contract/users';
import { DEMO_USERS, makeUser } from './factories/accounts';
import { makeAuditEntry } from './factories/audit';
import { makeCategory, makeItem, makeRole, type StoredCategory } from './factories/catalog';
import { makeDashboard, makeOrder } from './factories/orders';
import { makeDayReport } from './factories/reports';
import type { StoredView } from './factories/views';

/*
 * The mocks' one in-memory store: every record the handlers answer from, and every request
 * the app sent. Reset after each test (app/test/setup.ts). Handlers store what they are
 * sent and answer what is stored — no totals, search, sorting, scope or other server rules:
 * what the server computes is tested against the real server (server tests, e2e). Saved
 * views are the exception: who may open, change or share one is what their screens show,
 * so handlers/views.ts keeps the server's rules for them. A test arranges the records it
 * depends on here, with the factories.
 */

/** A request the app sent: the endpoint, its URL and its JSON body (if any). */
export interface Asked {
  name: EndpointName;
  url: URL;
  body: unknown;
}

function seed() {
  const range = (n: number) => Array.from({ length: n }, (_, i) => i + 1);
  const byId = <T extends { id: number }>(rows: T[]) => new Map(rows.map((row) => [row.id, row]));
  return {
    /** The users table: 1–4 the demo accounts (DECISIONS §8), the rest managed users. */
    users: byId<User>(range(40).map((n) => makeUser(n))),
    /** Each user's chosen language by phone number (sign-in answers it; setLanguage keeps it). */
    languages: new Map<string, Language>(),
    /** Sign-in passwords by phone number. */
    passwords: new Map(DEMO_USERS.map((u) => [u.userId, u.password])),
    orders: byId<Order>(range(120).map((n) => makeOrder(n))),
    items: byId<Item>(range(60).map((n) => makeItem(n))),
    categories: byId<StoredCategory>(range(30).map((n) => makeCategory(n))),
    roles: byId<RoleRecord>(range(4).map((n) => makeRole(n))),
    dashboard: { cards: makeDashboard() as Dashboard, sales: new Map<number, number[]>() },
    /** What getchanges answers (the server counts it; a test says what arrived). */
    changes: { latestId: 120, newOrders: 0, untaken: 0 } as OrderChanges,
    /** What getstatuscounts answers (the server counts; a test says what the tabs show). */
    statusCounts: { all: 120, byStatus: [30, 25, 20, 30, 15], upcoming: 12, overdue: 4 } as OrderStatusCounts,
    /** What getdayreport answers (the server computes it; a test says what the screen shows). */
    dayReport: makeDayReport(),
    /** Each order's trail and notes, by order id (gethistory answers it as stored). */
    history: new Map<number, OrderHistoryEntry[]>(),
    bulkInsert: { inserted: 3, skipped: 261 } as BulkInsertResult,
    /** Customer bills by order id, as a test arranges them (printbills; else factories' makeBill). */
    bills: new Map<number, OrderBill['bill']>(),
    /** Saved views, none until a test arranges some (factories/views.ts makeView). */
    views: new Map<number, StoredView>(),
    /** Each user's default view of a list: view id by `${userId}:${list}` (user ids of `users`). */
    viewDefaults: new Map<string, number>(),
    /** The audit trail, oldest first (listaudit answers it newest first). */
    audit: byId<AuditRow>(range(30).map((n) => makeAuditEntry(n))),
    requests: [] as Asked[],
  };
}

export const store = seed();

/** Back to the seed (after every test). */
export function resetStore() {
  Object.assign(store, seed());
}

/** The requests the app sent to `name` (every endpoint when left out), oldest first. */
export function asked(name?: EndpointName): Asked[] {
  return store.requests.filter((r) => !name || r.name === name);
}

/** The JSON bodies the app sent to `name`, oldest first. */
export function sent(name: EndpointName): unknown[] {
  return asked(name).map((r) => r.body);
}

/** The stored user whose phone number signs in as `userId`. */
export function userByPhone(userId: string): User | undefined {
  for (const user of store.users.values()) if (user.phoneNumber === userId) return user;
  return undefined;
}

/** The next free id of a table. */
export const nextId = (table: Map<number, unknown>) => Math.max(0, ...table.keys()) + 1;
