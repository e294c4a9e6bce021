import { BULK_BATCH_MAX, type OrderBulkInput, type OrderBulkResult } from '#contract/order-bulk';
import type { OrderListQuery } from '#contract/lists';
import { api } from '../../lib/api-client';
import { formats, i18n, params, translateWords } from '../../lib/i18n';
import { changesFilter } from './queries';

const messages = i18n('orders/bulk-run', {
  refused: 'Refused',
  changed: params('{count} changed'),
  refusedNone: params('{count} refused'),
  refusedWhy: params('{count} refused: {reasons}'),
  already: params('({count} already so)'),
  stopped: 'stopped before the end',
});

/** What a bulk run changes on each order. */
export type BulkChange = Pick<OrderBulkInput, 'status' | 'cancelledreason' | 'issettled'>;

/** A bulk run's tally: what changed, what already was so, and each refusal with its reason. */
export interface BulkTally {
  changed: number;
  unchanged: number;
  refused: { id: number; orderNumber: string | null; message: string }[];
  /** Stopped by the user before the end. */
  stopped: boolean;
}

/**
 * Runs a bulk change over the selected ids (200 a call) or over every order the list's
 * filter matches up to its snapshot (the server walks it, `next` a call at a time), so a
 * long run is short calls with progress between them and a stop that takes effect at the
 * next one (issue 15, item 2).
 */
export async function runBulk(opts: {
  target: { ids: readonly number[] } | { search: OrderListQuery };
  change: BulkChange;
  onProgress: (done: number) => void;
  stopped: () => boolean;
}): Promise<BulkTally> {
  const tally: BulkTally = { changed: 0, unchanged: 0, refused: [], stopped: false };
  let done = 0;
  const count = (answer: OrderBulkResult) => {
    for (const r of answer.results) {
      if (r.outcome === 'refused')
        tally.refused.push({
          id: r.id,
          orderNumber: r.orderNumber,
          message: r.message ?? messages.get().refused,
        });
      else tally[r.outcome]++;
    }
    done += answer.results.length;
    opts.onProgress(done);
  };
  const call = (body: OrderBulkInput) => api.call('bulkUpdateOrders', { body });

  if ('ids' in opts.target) {
    const ids = opts.target.ids;
    for (let i = 0; i < ids.length; i += BULK_BATCH_MAX) {
      if (opts.stopped()) return { ...tally, stopped: true };
      count(await call({ ids: ids.slice(i, i + BULK_BATCH_MAX), ...opts.change }));
    }
    return tally;
  }
  const { search } = opts.target;
  const filter = { ...changesFilter(search), upto: search.upto };
  let after: number | null = 0;
  while (after !== null) {
    if (opts.stopped()) return { ...tally, stopped: true };
    const answer: OrderBulkResult = await call({ filter, after, ...opts.change });
    count(answer);
    after = answer.next;
  }
  return tally;
}

/**
 * "29 changed, 1 refused: Order not found" (and how many already were so), in the reader's
 * language; the server's reasons through the words table.
 */
export function tallyText(tally: BulkTally): string {
  const t = messages.get();
  const f = formats();
  const reasons = [...new Set(tally.refused.map((r) => translateWords(r.message)))];
  const refused = tally.refused.length
    ? t.refusedWhy({ count: f.count(tally.refused.length), reasons: reasons.join('; ') })
    : t.refusedNone({ count: f.count(0) });
  const same = tally.unchanged ? ` ${t.already({ count: f.count(tally.unchanged) })}` : '';
  return `${t.changed({ count: f.count(tally.changed) })}, ${refused}${same}${tally.stopped ? ` — ${t.stopped}` : ''}`;
}
