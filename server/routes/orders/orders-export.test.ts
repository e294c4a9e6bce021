import { describe, expect, it } from 'vitest';
import * as v from 'valibot';
import { EXPORT_COLUMNS, OrderExportSchema, type ExportColumn } from '#contract/order-export';
import { memoryLogger, send, type Session } from '../../test/harness';
import { exportOrders } from './export';
import { p, storeA, t, useOrdersSuite } from './orders.fixtures';

/* The orders export (issue 15, item 5): the list's rows, order and scope, as CSV. */

useOrdersSuite();

const COLUMNS = Object.keys(EXPORT_COLUMNS) as ExportColumn[];
const exportCsv = async (s: Session, body: Record<string, unknown>) => {
  const r = await send(t.app, 'POST', '/api/orders/export', { session: s, body });
  return { status: r.status, res: r.res, text: r.body.result as string, body: r.body };
};
/** The CSV's rows (without the BOM and the header), split into cells (no quoted commas in the seed). */
const rowsOf = (text: string) =>
  text
    .replace(/^\uFEFF/, '')
    .trimEnd()
    .split('\r\n')
    .slice(1)
    .map((line) => line.split(','));
const newest = async () =>
  (await t.db.kysely.selectFrom('orders').select('id').orderBy('id', 'desc').executeTakeFirstOrThrow()).id;

/** Every page of the list for `query`, as order numbers in order. */
async function listed(s: Session, query: string) {
  const numbers: string[] = [];
  for (let page = 1; ; page++) {
    const r = await send(t.app, 'GET', `/api/orders/listorders?${query}&page=${page}&pageSize=500`, {
      session: s,
    });
    const result = r.body.result as { rows: { orderNumber: string }[]; total: number };
    numbers.push(...result.rows.map((x) => x.orderNumber));
    if (numbers.length >= result.total || result.rows.length === 0) return numbers;
  }
}

describe('POST /api/orders/export', () => {
  it('answers the view as CSV: BOM, the labels, the list’s rows in the list’s order', async () => {
    const upto = await newest();
    for (const [sort, order, status] of [
      [undefined, undefined, undefined],
      ['orderUserName', 'asc', [0, 1]],
      ['totalPrice', 'desc', undefined],
      ['merchantName', 'asc', [3]],
    ] as const) {
      const r = await exportCsv(p.admin, { filter: { upto, status }, sort, order, columns: COLUMNS });
      expect(r.status).toBe(200);
      expect(r.res.headers.get('content-type')).toBe('text/csv; charset=utf-8');
      expect(r.res.headers.get('content-disposition')).toMatch(
        /^attachment; filename="orders-\d{4}-\d{2}-\d{2}\.csv"$/,
      );
      // (Response.text() drops the BOM; the bytes are checked below.)
      expect(r.text.startsWith('Order Id,Status,Name,Phone,Total Price,')).toBe(true);
      const query = [
        `upto=${upto}`,
        sort ? `sort=${sort}` : '',
        order ? `order=${order}` : '',
        ...(status ?? []).map((x) => `status=${x}`),
      ]
        .filter(Boolean)
        .join('&');
      expect(
        rowsOf(r.text).map((cells) => cells[0]),
        query,
      ).toEqual(await listed(p.admin, query));
    }
  });

  it('keeps a store’s export to its own orders, and a selection to what it names in scope', async () => {
    const upto = await newest();
    const mine = rowsOf(
      (await exportCsv(p.webAdmin, { filter: { upto }, columns: ['orderNumber', 'merchantName'] })).text,
    );
    expect(mine.length).toBe((await listed(p.webAdmin, `upto=${upto}`)).length);
    expect(new Set(mine.map((c) => c[1]))).toEqual(new Set([mine[0]![1]]));
    const ids = await t.db.kysely.selectFrom('orders').select(['id', 'store_user_id']).limit(40).execute();
    const own = ids.filter((o) => o.store_user_id === storeA);
    const r = await exportCsv(p.webAdmin, { ids: ids.map((o) => o.id), columns: ['orderNumber'] });
    expect(rowsOf(r.text)).toHaveLength(own.length);
  });

  it('writes amounts as numbers and neutralises what a spreadsheet would run', async () => {
    const [order] = await t.db.kysely
      .selectFrom('orders')
      .select('id')
      .where('store_user_id', '=', storeA)
      .limit(1)
      .execute();
    await t.db.kysely
      .updateTable('orders')
      .set({ customer_name: '=HYPERLINK("http://x","y"), Ravi' })
      .where('id', '=', order!.id)
      .execute();
    const r = await exportCsv(p.webAdmin, {
      ids: [order!.id],
      columns: ['orderUserName', 'totalPrice', 'status'],
    });
    const [, line] = r.text.trimEnd().split('\r\n');
    expect(line).toMatch(/^"'=HYPERLINK\(""http:\/\/x"",""y""\), Ravi",\d+(\.\d+)?,[A-Za-z ]+$/);
  });

  it('reads the same rows in small batches as in large ones (keyset paging)', async () => {
    const upto = await newest();
    const body = v.parse(OrderExportSchema, {
      filter: { upto },
      sort: 'orderUserName',
      columns: ['orderNumber'],
    });
    const read = async (batch: number) =>
      new Response(
        exportOrders(
          t.db.kysely,
          body,
          null,
          Date.parse('2026-11-26T12:00:00Z'),
          { logger: memoryLogger(), requestId: 'r' },
          batch,
        ),
      ).text();
    const whole = await read(10_000);
    const bytes = new Uint8Array(
      await new Response(
        exportOrders(t.db.kysely, body, null, Date.parse('2026-11-26T12:00:00Z'), {
          logger: memoryLogger(),
          requestId: 'r',
        }),
      ).arrayBuffer(),
    );
    // UTF-8's byte order mark first, so Excel reads Telugu names as Telugu.
    expect([...bytes.slice(0, 3)]).toEqual([0xef, 0xbb, 0xbf]);
    expect(rowsOf(whole).length).toBeGreaterThan(50);
    expect(await read(7)).toBe(whole);
  });

  it('opens its own connection at the first read and closes it once: read to the end, cut off, or failed', async () => {
    const body = v.parse(OrderExportSchema, { filter: { upto: await newest() }, columns: ['orderNumber'] });
    /** t.db.kysely as the export's own connection: its opening and closing counted, not done. */
    const counted = (fail = false) => {
      const seen = { opened: 0, closed: 0, ended: 0 };
      const kysely = t.db.kysely;
      const reader = new Proxy(kysely, {
        get(target, key) {
          if (key === 'destroy') return async () => void seen.closed++;
          if (fail && key === 'selectFrom')
            return () => {
              throw new Error('connection lost');
            };
          const value: unknown = Reflect.get(target, key);
          return typeof value === 'function' ? (value as (...a: unknown[]) => unknown).bind(target) : value;
        },
      });
      const stream = exportOrders(
        t.db.kysely,
        body,
        null,
        Date.parse('2026-11-26T12:00:00Z'),
        {
          logger: memoryLogger(),
          requestId: 'r',
          reader: () => (seen.opened++, reader),
          ended: () => seen.ended++,
        },
        7,
      );
      return { stream, seen };
    };
    const whole = counted();
    await new Response(whole.stream).text();
    expect(whole.seen).toEqual({ opened: 1, closed: 1, ended: 1 });

    const cut = counted();
    const reader = cut.stream.getReader();
    await reader.read();
    await reader.read();
    await reader.cancel();
    expect(cut.seen).toEqual({ opened: 1, closed: 1, ended: 1 });

    const broken = counted(true);
    await expect(new Response(broken.stream).text()).rejects.toThrow('connection lost');
    expect(broken.seen).toEqual({ opened: 1, closed: 1, ended: 1 });

    // An answer nobody reads holds no connection.
    expect(counted().seen.opened).toBe(0);
  });

  it('refuses a bad payload', async () => {
    for (const body of [
      { columns: ['orderNumber'] },
      { filter: {}, columns: ['orderNumber'] },
      { ids: [1], columns: [] },
      { ids: [1], columns: ['password'] },
    ])
      expect((await exportCsv(p.admin, body)).status, JSON.stringify(body)).toBe(400);
    expect((await exportCsv(p.mobileUser, { ids: [1], columns: ['orderNumber'] })).status).toBe(200);
  });
});
