import { BULK_BATCH_MAX, type OrderBulkInput, type OrderBulkResult } from '#contract/order-bulk';
import type { OrderListQuery } from '#contract/lists';
import { api } from '../../lib/api-client';
import { changesFilter } from './queries';

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
        tally.refused.push({ id: r.id, orderNumber: r.orderNumber, message: r.message ?? 'Refused' });
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

/** "29 changed, 1 refused: Order not found" (and how many already were so). */
export function tallyText(tally: BulkTally): string {
  const reasons = [...new Set(tally.refused.map((r) => r.message))];
  const refused = tally.refused.length
    ? `, ${tally.refused.length} refused: ${reasons.join('; ')}`
    : ', 0 refused';
  const same = tally.unchanged ? ` (${tally.unchanged} already so)` : '';
  return `${tally.changed} changed${refused}${same}${tally.stopped ? ' — stopped before the end' : ''}`;
}
