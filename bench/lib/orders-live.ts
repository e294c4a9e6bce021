/*
 * The orders list's live data at bench scale (issue 6), through the real service
 * functions as the routes call them after validating with the contract schemas:
 * getchanges (orderChanges, polled every ~10 s by each visible tab) and the list pinned
 * to a snapshot (listPage with `upto`).
 *
 *   npm run bench:seed -- --orders 1000000      (once, ~30 s on an idle machine)
 *   tsx bench/lib/orders-live.ts [--db bench/data/bench.db] [--runs 7]
 *   DATABASE_URL=postgres://… tsx bench/lib/orders-live.ts   (PostgreSQL instead)
 *
 * Applies pending migrations first (0006 adds the (store_user_id, id) index), then runs
 * each case once to warm up and `--runs` times; writes the medians and worst times to
 * bench/RESULTS.md (section orders-live). The store user is the demo WebAdmin (the
 * largest store). "100 behind" = a snapshot 100 orders older than the newest (ids in
 * the bench data are in creation order, like the product's).
 */
import { resolve } from 'node:path';
import { parseArgs } from 'node:util';
import * as v from 'valibot';
import { OrderChangesQuerySchema } from '#contract/lists';
import { openDatabase } from '../../server/db/database';
import { migrateToLatest } from '../../server/db/migrate';
import { listPage, orderChanges } from '../../server/routes/orders/orders.service';
import { countOrders, demoStoreId, parseListQuery } from './order-cases';
import { table, writeResults } from '../harness/results';

const { values: args } = parseArgs({
  options: {
    db: { type: 'string', default: 'bench/data/bench.db' },
    runs: { type: 'string', default: '7' },
  },
});
const runs = Number(args.runs);
const pg = !!process.env.DATABASE_URL;
const db = pg
  ? openDatabase({ dialect: 'postgres', url: process.env.DATABASE_URL! })
  : openDatabase({ dialect: 'sqlite', path: resolve(args.db) });
await migrateToLatest(db);
const k = db.kysely;

const storeA = await demoStoreId(k);
const orders = await countOrders(k);
const latest = (
  await k.selectFrom('orders').select('id').orderBy('id', 'desc').limit(1).executeTakeFirstOrThrow()
).id;
const latestA = (
  await k
    .selectFrom('orders')
    .select('id')
    .where('store_user_id', '=', storeA)
    .orderBy('id', 'desc')
    .limit(1)
    .executeTakeFirstOrThrow()
).id;
const someName = (
  await k.selectFrom('orders').select('customer_name').where('id', '=', latest).executeTakeFirstOrThrow()
).customer_name.split(' ')[0]!;

const median = (xs: number[]) => [...xs].sort((a, b) => a - b)[Math.floor(xs.length / 2)]!;
async function time(fn: () => Promise<number>): Promise<[median: number, max: number, answer: number]> {
  let answer = 0;
  const times: number[] = [];
  for (let i = 0; i <= runs; i++) {
    const t = performance.now();
    answer = await fn();
    if (i > 0) times.push(performance.now() - t);
  }
  return [median(times), Math.max(...times), answer];
}

type Who = 'admin' | 'store';
const scope = (who: Who) => (who === 'admin' ? null : storeA);
const top = (who: Who) => (who === 'admin' ? latest : latestA);
const changes = (who: Who, qs: string) => () => {
  const raw: Record<string, string[]> = {};
  for (const [key, value] of new URLSearchParams(qs)) (raw[key] ??= []).push(value);
  return orderChanges(k, v.parse(OrderChangesQuerySchema, raw), scope(who)).then((r) => r.newOrders);
};
const pinned = (who: Who, qs: string) => () => {
  const { q, orderNamed } = parseListQuery(qs);
  return listPage(k, q, scope(who), orderNamed).then((r) => r.total);
};

const cases: [who: Who, call: string, name: string, run: (who: Who) => () => Promise<number>][] = [];
for (const who of ['admin', 'store'] as const) {
  const t = top(who);
  cases.push(
    [who, 'getchanges', 'nothing new (since = newest)', (w) => changes(w, `since=${t}`)],
    [who, 'getchanges', '100 behind', (w) => changes(w, `since=${t - 100}`)],
    [who, 'getchanges', '100 behind, status=0', (w) => changes(w, `since=${t - 100}&status=0`)],
    [
      who,
      'getchanges',
      `100 behind, search "${someName}"`,
      (w) => changes(w, `since=${t - 100}&q=${someName}`),
    ],
    [who, 'getchanges', 'far behind (capped at 1000)', (w) => changes(w, `since=${t - 50_000}`)],
    [who, 'listorders', 'unpinned, newest first', (w) => pinned(w, 'pageSize=25')],
    [who, 'listorders', 'pinned 100 behind, newest first', (w) => pinned(w, `pageSize=25&upto=${t - 100}`)],
    [
      who,
      'listorders',
      'pinned 100 behind, status=0',
      (w) => pinned(w, `pageSize=25&status=0&upto=${t - 100}`),
    ],
    [
      who,
      'listorders',
      'pinned 100 behind, sort totalPrice desc',
      (w) => pinned(w, `pageSize=25&sort=totalPrice&order=desc&upto=${t - 100}`),
    ],
    [
      who,
      'listorders',
      'pinned 100 behind, sort paymentType',
      (w) => pinned(w, `pageSize=25&sort=paymentType&upto=${t - 100}`),
    ],
    [
      who,
      'listorders',
      `pinned 100 behind, search "${someName}"`,
      (w) => pinned(w, `pageSize=25&q=${someName}&upto=${t - 100}`),
    ],
    [
      who,
      'listorders',
      'pinned 10,000 behind, newest first',
      (w) => pinned(w, `pageSize=25&upto=${t - 10_000}`),
    ],
    [
      who,
      'listorders',
      'pinned half way (worst case)',
      (w) => pinned(w, `pageSize=25&upto=${Math.floor(t / 2)}`),
    ],
  );
}

const rows: (string | number)[][] = [];
for (const [who, call, name, run] of cases) {
  const [med, max, answer] = await time(run(who));
  const row = [who, call, name, med.toFixed(1), max.toFixed(1), answer.toLocaleString('en')];
  rows.push(row);
  console.log(row.join(' | '));
}
writeResults(
  'orders-live',
  `Orders live data: getchanges and the pinned list (${orders.toLocaleString('en')} orders, ${pg ? 'PostgreSQL' : 'SQLite'})`,
  `\`tsx bench/lib/orders-live.ts\` — service time in ms over ${runs} runs after a warm-up; "answer" is newOrders for getchanges, the total for the list. store = the demo WebAdmin (the largest store).\n\n` +
    table(['who', 'call', 'case', 'median ms', 'max ms', 'answer'], rows),
);
await k.destroy();
