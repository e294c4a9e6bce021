import type { Page } from '@playwright/test';
import { fail, measure, type Sample } from './measure';
import { ordered } from './product';

/* bench:ui on AG Grid Community holding every order client-side (the comparison, never the product). */

// ---- AG Grid.
/** Above this per action, AG Grid gets SLOW_GRID_REPS repetitions instead of --reps. */
export const SLOW_GRID_MS = 2000;
export const SLOW_GRID_REPS = 8;
export interface GridState {
  rows: number;
  fetchMs: number;
  buildMs: number;
  readyAt?: number;
  firstRenderedAt?: number;
  error?: string;
}

export async function gridRows(page: Page) {
  return page.evaluate(() => {
    const api = window.__grid.api!;
    const out: { totalPrice: number; orderUserName: string; status: number; paymentType: string }[] = [];
    for (let i = 0; i < Math.min(10, api.getDisplayedRowCount()); i++) {
      const d = api.getDisplayedRowAtIndex(i)!.data!;
      out.push({
        totalPrice: d.totalPrice,
        orderUserName: d.orderUserName,
        status: d.status,
        paymentType: d.paymentType,
      });
    }
    return { count: api.getDisplayedRowCount(), rows: out };
  });
}

export async function gridSort(
  page: Page,
  colId: 'totalPrice' | 'orderUserName',
  key: string,
  wanted: number,
) {
  const samples: Sample[] = [];
  let reps = wanted;
  // One unmeasured press first, so each measured press flips an existing sort (asc ⇄ desc) as on ours.
  for (let i = 0; i <= reps; i++) {
    await page.evaluate((id) => window.__grid.api!.setFocusedHeader(id), colId);
    const result = await measure(page, 'aggrid', () => page.keyboard.press(key), `AG Grid sort ${colId}`);
    const dir = await page.evaluate(
      (id) => window.__grid.api!.getColumnState().find((c) => c.colId === id)?.sort,
      colId,
    );
    const { rows } = await gridRows(page);
    const values = rows.map((r) => (colId === 'totalPrice' ? r.totalPrice : r.orderUserName.toLowerCase()));
    if (!dir || !ordered(values as number[], dir)) fail(`AG Grid ${colId} ${dir}: ${values.join(', ')}`);
    const total = result.paintedAt - result.key!.ts;
    // A sort of 1M rows can take seconds on a loaded machine: then fewer repetitions (the table says n).
    if (i === 0 && total > SLOW_GRID_MS) reps = Math.min(wanted, SLOW_GRID_REPS);
    if (i > 0) samples.push({ total, dom: result.changedAt - result.key!.ts });
  }
  return samples;
}

export async function gridFilter(
  page: Page,
  model: object,
  check: (r: { status: number; paymentType: string }) => boolean,
  wanted: number,
) {
  const samples: Sample[] = [];
  let reps = wanted;
  for (let i = 0; i < reps; i++) {
    const result = await measure(
      page,
      'aggrid',
      () =>
        page.evaluate((m) => {
          window.__bench.mark();
          window.__grid.api!.setFilterModel(m);
        }, model),
      `AG Grid filter ${JSON.stringify(model)}`,
    );
    const { rows } = await gridRows(page);
    if (!rows.length || !rows.every(check))
      fail(`AG Grid filter ${JSON.stringify(model)}: ${JSON.stringify(rows)}`);
    const total = result.paintedAt - result.key!.ts;
    if (i === 0 && total > SLOW_GRID_MS) reps = Math.min(wanted, SLOW_GRID_REPS);
    samples.push({ total, dom: result.changedAt - result.key!.ts });
    // Back to every row (not measured) for the next repetition.
    await measure(
      page,
      'aggrid',
      () => page.evaluate(() => window.__grid.api!.setFilterModel(null)),
      'AG Grid filter cleared',
    );
  }
  return samples;
}
