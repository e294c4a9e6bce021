import * as v from 'valibot';
import { OrderListQuerySchema } from '#contract/lists';
import type { Kdb } from '../scope';
import { listPage } from './list-page';

/*
 * The first list calls after a start cost 5–10 times a warm one (issue 24: "the first
 * search after a start took 4.2 s once"; bench:deep measures it): the code is not yet
 * optimised by V8, Kysely compiles each query shape for the first time, SQLite's page
 * cache is empty and its statements unprepared, and on PostgreSQL each pooled connection
 * is opened on first use and loads the catalog of every table and index it touches.
 * Warming the list once in the background after the server listens moves that cost off
 * the operator's first request. The calls are the shapes an operator's first minute
 * uses — the first page, a page of one status, a search by first name, by surname, by
 * phone, by order number and by name within a status (the texts taken from the newest
 * order, so they match something) — over every
 * store; on PostgreSQL they run at once, so as many connections as calls are opened.
 */

/** How many list calls the warm-up makes at once on PostgreSQL (connections opened). */
export const WARM_CONNECTIONS = 4;

export async function warmOrderList(db: Kdb, concurrent: boolean): Promise<void> {
  const newest = await db
    .selectFrom('orders')
    .select(['order_number', 'customer_name', 'customer_phone'])
    .orderBy('id', 'desc')
    .limit(1)
    .executeTakeFirst();
  const words = newest?.customer_name.split(' ') ?? [];
  const texts = newest
    ? [words[0] ?? '', words.at(-1) ?? '', newest.customer_phone, newest.order_number.slice(0, -2)]
    : [];
  // A text the list would refuse (too long, say) is left out, as the route would refuse it.
  // A surname (the rest-of-name index) and a name with a status (the search's filtered
  // counts) are their own shapes: unwarmed, their first call took 0.6–1.3 s at 1M orders.
  const queries = [
    {},
    { status: '0' },
    ...[...new Set(texts.filter(Boolean))].map((q) => ({ q })),
    ...(words[0] ? [{ q: words[0], status: '3' }] : []),
  ]
    .map((raw) => v.safeParse(OrderListQuerySchema, raw))
    .flatMap((parsed) => (parsed.success ? [parsed.output] : []));
  const call = (q: (typeof queries)[number]) => listPage(db, q, null, false);
  if (concurrent)
    for (let i = 0; i < queries.length; i += WARM_CONNECTIONS)
      await Promise.all(queries.slice(i, i + WARM_CONNECTIONS).map(call));
  else for (const q of queries) await call(q);
}
