import { setImmediate as nextTurn } from 'node:timers/promises';
import type { Kysely } from 'kysely';
import { ok } from '#contract/envelope';
import type { Database } from '../../db/schema';
import type { Logger } from '../../logger';
import { baseRows, toListRow } from './order-row';

/*
 * The plain orders list (no query string: DECISIONS §1, every order in scope, newest
 * first), written while it is read (issue 23). Built whole, a large store's list held all
 * its JSON in memory and kept the server busy for seconds before the first byte. Now it is
 * read PAGE_ROWS at a time after the last (created_at, id) sent, which the created-date
 * indexes serve without OFFSET; each page is turned into JSON and written, the next one
 * read only once the client has taken it, after a turn of the event loop so every other
 * request is served in between.
 *
 * What it answers: orders created while it streams are newer than its first row, so they
 * are left out, as if the list were read when it started; a change to an order not yet
 * sent shows. A failure after the first byte can no longer become a 500 envelope: the
 * connection is cut (the client sees a truncated answer) and the failure is logged.
 */

/** Orders read, and written, at a time. */
export const PAGE_ROWS = 500;

const encoder = new TextEncoder();
// The envelope around the rows, from the one envelope helper: '{"isSuccess":true,"result":' and the rest.
const [HEAD, TAIL] = JSON.stringify(ok('\u0000')).split(JSON.stringify('\u0000')) as [string, string];

/** The plain list of `store`'s orders (null: every store) as a stream of the envelope's JSON. */
export function streamAllOrders(
  db: Kysely<Database>,
  store: number | null,
  log: { logger: Logger; requestId: string },
  pageRows = PAGE_ROWS,
): ReadableStream<Uint8Array> {
  let after: { createdAt: string; id: number } | undefined;
  let sent = 0;
  return new ReadableStream<Uint8Array>({
    start(controller) {
      controller.enqueue(encoder.encode(`${HEAD}[`));
    },
    async pull(controller) {
      await nextTurn();
      try {
        let page = baseRows(db);
        if (store !== null) page = page.where('orders.store_user_id', '=', store);
        const from = after;
        if (from)
          page = page.where((eb) =>
            eb(eb.refTuple('orders.created_at', 'orders.id'), '<', eb.tuple(from.createdAt, from.id)),
          );
        const rows = await page
          .orderBy('orders.created_at', 'desc')
          .orderBy('orders.id', 'desc')
          .limit(pageRows)
          .execute();
        if (rows.length) {
          const json = rows.map((r) => JSON.stringify(toListRow(r))).join(',');
          controller.enqueue(encoder.encode(sent ? `,${json}` : json));
          sent += rows.length;
          const last = rows[rows.length - 1]!;
          after = { createdAt: last.created_at, id: last.id };
        }
        if (rows.length < pageRows) {
          controller.enqueue(encoder.encode(`]${TAIL}`));
          controller.close();
        }
      } catch (err) {
        log.logger.error('orders list stream failed', { requestId: log.requestId, sent, err });
        controller.error(err);
      }
    },
  });
}
