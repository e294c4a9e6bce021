/*
 * Bench data generator (issue 7):
 *
 *   npm run bench:seed -- --orders 1000000 [--stores 200] [--out bench/data/bench.db] [--now <date>]
 *   DATABASE_URL=postgres://… npm run bench:seed -- --orders 1000000 [--reset]
 *
 * Fills a separate database: migrated, the demo roles, accounts and catalog of
 * server/db/seed.ts (so the README's sign-ins work), `--stores` extra WebAdmin stores
 * (password Store@123, phones 9100000001…), and `--orders` orders over the last two years
 * with their lines. The bulk load goes under Kysely: on SQLite prepared multi-row
 * statements with journal and sync off, the orders indexes dropped during the load and
 * rebuilt after it; on PostgreSQL unnest() batches. ANALYZE at the end.
 *
 * To serve it: DATA_DIR=bench/data with `--out bench/data/app.db`, or DATABASE_URL.
 */
import { existsSync, rmSync } from 'node:fs';
import { loadavg } from 'node:os';
import { resolve } from 'node:path';
import { parseArgs } from 'node:util';
import { Worker } from 'node:worker_threads';
import pg from 'pg';
import { openDatabase, type Db } from '../server/db/database';
import { migrateToLatest } from '../server/db/migrate';
import { REBUILD_ORDER_COUNTS_SQL } from '../server/db/migrations/0004-order-list-at-scale';
import { PAST_ORDERS_TAKEN_SQL } from '../server/db/migrations/0015-order-taken';
import { rebuildOrderSalesSql } from '../server/db/migrations/0018-india-month-sales';
import { rebuildOrderInitialsSql } from '../server/db/migrations/0023-order-initials';
import { DEMO_ACCOUNTS, seedIfEmpty } from '../server/db/seed';
import { extraStores, orderChunks, prng, type CatalogItem, type StoreRef } from './lib/generate';
import { orderTally } from './lib/order-tally';
import { derivedOrderColumns, LINE_COLUMNS, ORDER_COLUMNS, ORDER_PARAMS } from './lib/row-layout';
import type { LinesJob } from './lib/lines-worker';
import { bulkInserter, bulkStatement, openForLoad, tuneForIndexBuilds } from './lib/sqlite-bulk';
import { table, writeResults } from './harness/results';

const { values: args } = parseArgs({
  options: {
    orders: { type: 'string', default: '1000000' },
    stores: { type: 'string', default: '200' },
    out: { type: 'string', default: 'bench/data/bench.db' },
    reset: { type: 'boolean', default: false },
    // The orders span the two years before this instant: fix it to compare two runs row for row.
    now: { type: 'string' },
  },
});
const orderCount = Number(args.orders);
const storeCount = Number(args.stores);
if (!Number.isInteger(orderCount) || orderCount < 1) throw new Error('--orders must be a positive integer');
if (!Number.isInteger(storeCount) || storeCount < 0) throw new Error('--stores must be a whole number');
const databaseUrl = process.env.DATABASE_URL;
const now = args.now === undefined ? Date.now() : Date.parse(args.now);
if (!Number.isFinite(now)) throw new Error('--now must be a date, e.g. 2026-11-21T12:00:00Z');
const started = performance.now();
const elapsed = () => `${((performance.now() - started) / 1000).toFixed(1)} s`;
const phases: [string, string][] = [];
const log = (msg: string) => {
  phases.push([elapsed(), msg]);
  console.log(`[${elapsed().padStart(7)}] ${msg}`);
};

/** Migrates, seeds the demo accounts and catalog, adds the extra stores; answers what the orders need. */
async function prepare(db: Db) {
  await migrateToLatest(db);
  await seedIfEmpty(db, { now, orders: 0 });
  const k = db.kysely;
  const webAdmin = await k
    .selectFrom('roles')
    .select('id')
    .where('name', '=', 'WebAdmin')
    .executeTakeFirstOrThrow();
  // The seed's extra stores sign in with Store@123, as the bench stores do: reuse its hash.
  const template = await k
    .selectFrom('users')
    .select('password_hash')
    .where('phone_number', '=', '9000000005')
    .executeTakeFirstOrThrow();
  const stamp = new Date(now).toISOString();
  const extra = extraStores(storeCount, prng(7));
  for (let i = 0; i < extra.length; i += 100)
    await k
      .insertInto('users')
      .values(
        extra.slice(i, i + 100).map((s) => ({
          ...s,
          password_hash: template.password_hash,
          role_id: webAdmin.id,
          tax_scheme: 'Regular',
          created_at: stamp,
          updated_at: stamp,
        })),
      )
      .execute();

  const admin = DEMO_ACCOUNTS.BlueTikAdmin.mobile;
  const users = await k
    .selectFrom('users')
    .select(['id', 'phone_number', 'delivery_price'])
    .where('phone_number', '!=', admin)
    .orderBy('id')
    .execute();
  // A few large stores and a long tail: the demo WebAdmin's store is the largest (~8%),
  // the other demo stores are large too; the bench stores fall off as 1/rank.
  const stores: StoreRef[] = users.map((u, rank) => ({
    id: u.id,
    deliveryPrice: u.delivery_price ?? 0,
    weight:
      u.phone_number === DEMO_ACCOUNTS.WebAdmin.mobile
        ? 20
        : u.phone_number.startsWith('90000000')
          ? 5
          : 10 / (rank + 1) + 0.2,
  }));
  const items: CatalogItem[] = await k
    .selectFrom('items')
    .select(['id', 'name', 'category', 'qty', 'price', 'image'])
    .orderBy('id')
    .execute();
  return { stores, items };
}

const SEED = 20240601;

function chunks(
  stores: StoreRef[],
  items: CatalogItem[],
  chunk: number,
  want?: { orders: boolean; lines: boolean; compact?: boolean },
) {
  return orderChunks({ count: orderCount, chunk, now, stores, items, rnd: prng(SEED), want });
}

/**
 * Indexes that stay during the load: their keys arrive in ascending order (ids and dates
 * follow creation, lines follow their order), so each insert appends to the rightmost
 * leaf. Every other index of orders is dropped and rebuilt after the load: a sort per
 * index beats a million inserts into the middle of a b-tree.
 */
const KEPT_DURING_LOAD = new Set([
  'orders_created_due_cover',
  'orders_status_created_totals',
  'order_items_order_position',
]);

async function seedSqlite(path: string) {
  const scratch = `${path}.lines`;
  for (const file of [path, scratch])
    for (const suffix of ['', '-wal', '-shm', '-journal']) rmSync(file + suffix, { force: true });
  const db = openDatabase({ dialect: 'sqlite', path });
  const { stores, items } = await prepare(db);
  await db.kysely.destroy();
  log(`migrated and seeded the accounts, catalog and ${stores.length} stores`);

  const sqlite = openForLoad(path);
  const schema = sqlite
    .prepare<[], { type: string; name: string; tbl: string; sql: string }>(
      `select type, name, tbl_name as tbl, sql from sqlite_master
       where tbl_name in ('orders', 'order_items') and sql is not null`,
    )
    .all();
  const deferred = schema.filter(
    (d) =>
      d.tbl === 'orders' && (d.type === 'trigger' || (d.type === 'index' && !KEPT_DURING_LOAD.has(d.name))),
  );
  for (const d of deferred) sqlite.exec(`drop ${d.type} "${d.name}"`);

  // The lines go into a scratch copy of order_items on a second thread meanwhile.
  const job: LinesJob = {
    path: scratch,
    ddl: schema.filter((d) => d.tbl === 'order_items').map((d) => d.sql),
    count: orderCount,
    now,
    seed: SEED,
    chunk: 2_000,
    stores,
    items,
  };
  const linesDone = new Promise<number>((done, fail) => {
    // The worker is TypeScript too: it registers tsx, as `tsx bench/seed.ts` did here.
    const entry = new URL('./lib/lines-worker.ts', import.meta.url).href;
    const worker = new Worker(
      `import('tsx/esm/api').then(({ register }) => { register(); return import(${JSON.stringify(entry)}); })`,
      { eval: true, workerData: job },
    );
    worker.once('message', (m: { lines: number; at: number }) => {
      const at = ((m.at - performance.timeOrigin - started) / 1000).toFixed(1);
      log(`${m.lines.toLocaleString('en')} lines had been written by the second thread at ${at} s`);
      done(m.lines);
    });
    worker.once('error', fail);
  });

  const derived = derivedOrderColumns(orderCount);
  const insertOrders = bulkStatement(
    sqlite,
    `insert into orders (${ORDER_COLUMNS.join(', ')})`,
    ORDER_PARAMS.length,
    200,
    (values) => `select ${ORDER_COLUMNS.map((c) => derived[c]).join(', ')} from ${values} v`,
  );
  const load = sqlite.transaction((orders: unknown[]) => insertOrders(orders));
  const tally = orderTally(stores);
  let done = 0;
  for (const chunk of chunks(stores, items, 2_000, { orders: true, lines: false, compact: true })) {
    load(chunk.orders);
    tally.add(chunk.orders);
    done += chunk.orderCount;
    if (done % 250_000 === 0 || done === orderCount) log(`${done.toLocaleString('en')} orders`);
  }
  const { countRows, saleRows } = tally.rows();
  const insertCounts = bulkInserter(
    sqlite,
    'order_counts',
    ['month', 'store_user_id', 'status', 'payment_type', 'is_settled', 'n'],
    500,
  );
  const insertSales = bulkInserter(sqlite, 'order_sales', ['month', 'store_user_id', 'total'], 500);
  sqlite.transaction(() => {
    sqlite.exec('delete from order_counts; delete from order_sales');
    insertCounts(countRows);
    insertSales(saleRows);
  })();
  log(
    `counted them (${(countRows.length / 6).toLocaleString('en')} order_counts rows, ` +
      `${(saleRows.length / 3).toLocaleString('en')} order_sales rows)`,
  );

  sqlite.exec(`delete from order_initial_counts; ${rebuildOrderInitialsSql('sqlite')}`);
  log('counted the one-character searches (order_initial_counts)');

  sqlite.exec(PAST_ORDERS_TAKEN_SQL);
  tuneForIndexBuilds(sqlite);
  for (const d of deferred) if (d.type === 'index') sqlite.exec(d.sql);
  log(`rebuilt ${deferred.filter((d) => d.type === 'index').length} orders indexes`);

  await linesDone;
  sqlite.pragma('cache_size = -65536');
  sqlite.exec(`attach database '${scratch.replaceAll("'", "''")}' as scratch`);
  sqlite.exec('insert into main.order_items select * from scratch.order_items');
  sqlite.exec('detach database scratch');
  rmSync(scratch, { force: true });
  log('copied the lines into order_items');

  for (const d of deferred) if (d.type === 'trigger') sqlite.exec(d.sql);
  // Statistics for the planner. order_items is left out: its one index is only ever
  // looked up by order id, and reading 3.5 million entries would cost seconds.
  for (const table of ['orders', 'order_counts', 'users', 'roles', 'items', 'categories', 'category_items'])
    sqlite.exec(`analyze ${table}`);
  sqlite.pragma('journal_mode = WAL');
  sqlite.close();
  log('restored the triggers and analyzed');
}

async function seedPostgres(url: string) {
  const client = new pg.Client({ connectionString: url });
  await client.connect();
  if (args.reset)
    await client.query(
      `drop table if exists audit_log, sessions, order_items, order_counts, order_sales, order_initial_counts,
         orders, category_items,
         items, categories, users, roles, kysely_migration, kysely_migration_lock cascade;
       drop function if exists order_counts_keep(), order_counts_clear(), order_sales_keep(),
         order_sales_clear(), order_initials_keep(), order_initials_clear() cascade`,
    );
  const has = await client.query(`select to_regclass('orders') as t`);
  if (has.rows[0]?.t) {
    const n = await client.query('select count(*)::int as n from orders');
    if (n.rows[0].n > 0)
      throw new Error('The database already holds orders: pass --reset to drop its tables first.');
  }
  const db = openDatabase({ dialect: 'postgres', url, poolSize: 2 });
  const { stores, items } = await prepare(db);
  await db.kysely.destroy();
  log(`migrated and seeded the accounts, catalog and ${stores.length} stores`);

  const deferred = await client.query<{ name: string; def: string }>(
    `select i.indexname as name, i.indexdef as def from pg_indexes i
     where i.schemaname = current_schema() and i.tablename in ('orders', 'order_items')
       and not exists (select 1 from pg_constraint c where c.conname = i.indexname)`,
  );
  for (const d of deferred.rows) await client.query(`drop index "${d.name}"`);
  await client.query('set synchronous_commit = off');
  // The order_counts triggers wait for the end of the load, which counts once.
  await client.query('alter table orders disable trigger user');
  const types: Record<string, string> = {};
  const cols = await client.query<{ column_name: string; data_type: string }>(
    `select column_name, data_type from information_schema.columns
     where table_schema = current_schema() and table_name in ('orders', 'order_items')`,
  );
  for (const c of cols.rows) types[c.column_name] = c.data_type === 'integer' ? 'int[]' : 'text[]';
  const unnest = async (table: string, columns: readonly string[], flat: unknown[]) => {
    const width = columns.length;
    const arrays = columns.map((_, ci) => {
      const out: unknown[] = [];
      for (let i = ci; i < flat.length; i += width) out.push(flat[i]);
      return out;
    });
    const params = columns.map((c, ci) => `$${ci + 1}::${types[c]}`).join(', ');
    await client.query(
      `insert into ${table} (${columns.join(', ')}) select * from unnest(${params})`,
      arrays,
    );
  };
  let lineCount = 0;
  let done = 0;
  for (const chunk of chunks(stores, items, 20_000)) {
    await client.query('begin');
    await unnest('orders', ORDER_COLUMNS, chunk.orders);
    await unnest('order_items', LINE_COLUMNS, chunk.lines);
    await client.query('commit');
    lineCount += chunk.lineCount;
    done += chunk.orderCount;
    if (done % 100_000 === 0 || done === orderCount)
      log(`${done.toLocaleString('en')} orders, ${lineCount.toLocaleString('en')} lines`);
  }
  // Explicit ids: move the identity past them so new rows never collide.
  await client.query(`select setval(pg_get_serial_sequence('orders', 'id'), (select max(id) from orders))`);
  await client.query(`delete from order_counts; ${REBUILD_ORDER_COUNTS_SQL}`);
  await client.query(`delete from order_sales; ${rebuildOrderSalesSql('postgres')}`);
  await client.query(`delete from order_initial_counts; ${rebuildOrderInitialsSql('postgres')}`);
  await client.query(PAST_ORDERS_TAKEN_SQL);
  await client.query('alter table orders enable trigger user');
  await client.query(`set maintenance_work_mem = '512MB'`);
  for (const d of deferred.rows) await client.query(d.def);
  log(`rebuilt ${deferred.rows.length} indexes`);
  await client.query('vacuum analyze orders');
  await client.query('vacuum analyze order_items');
  await client.query('analyze');
  await client.end();
  log('analyzed');
}

const target = databaseUrl ? 'PostgreSQL (DATABASE_URL)' : resolve(args.out);
log(`filling ${target} with ${orderCount.toLocaleString('en')} orders over ${storeCount} extra stores`);
if (databaseUrl) await seedPostgres(databaseUrl);
else await seedSqlite(resolve(args.out));

const counts = databaseUrl
  ? openDatabase({ dialect: 'postgres', url: databaseUrl, poolSize: 1 })
  : openDatabase({ dialect: 'sqlite', path: resolve(args.out) });
const rows: [string, number][] = [];
for (const table of ['users', 'items', 'orders', 'order_items'] as const) {
  const r = await counts.kysely
    .selectFrom(table)
    .select((eb) => eb.fn.countAll<number>().as('n'))
    .executeTakeFirstOrThrow();
  rows.push([table, Number(r.n)]);
}
await counts.kysely.destroy();
console.log(
  `\nDone in ${elapsed()}${databaseUrl ? '' : ` (${existsSync(resolve(args.out)) ? args.out : ''})`}`,
);
console.table(Object.fromEntries(rows.map(([t, n]) => [t, { rows: n }])));

// Only full-size runs are recorded: a quick run's time says nothing about the goal.
if (orderCount >= 1_000_000) {
  const engine = databaseUrl ? 'PostgreSQL' : 'SQLite';
  const total = elapsed();
  const body = [
    `${orderCount.toLocaleString('en')} orders over ${storeCount} extra stores into ${engine}, ` +
      `load average ${loadavg()
        .map((l) => l.toFixed(2))
        .join(' / ')} at the end (2 cores: other work inflates it).`,
    '',
    table(
      ['figure', 'measured', 'goal', 'met'],
      [
        [
          'whole run',
          total,
          databaseUrl ? '–' : '≤ 30 s',
          databaseUrl ? '–' : Number.parseFloat(total) <= 30 ? 'yes' : '**no**',
        ],
      ],
    ),
    '',
    table(['at', 'phase done'], phases),
    '',
    table(
      ['table', 'rows'],
      rows.map(([t, n]) => [t, n.toLocaleString('en')]),
    ),
  ].join('\n');
  writeResults(
    `seed-${databaseUrl ? 'postgres' : 'sqlite'}`,
    `Bench data (\`npm run bench:seed\`, ${engine})`,
    body,
    {
      engine,
    },
  );
}
