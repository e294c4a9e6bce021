import { describe, expect, it } from 'vitest';
import { COMPOSITION_HEADING, FSSAI_MISSING_MESSAGE, gstinCheckCharacter } from '#contract/tax';
import { call, signIn, type Session } from '../../test/harness';
import { p, storeA, storeB, t, useOrdersSuite } from './orders.fixtures';

/*
 * Customer bills and invoice numbers (issue 28 item 3, DECISIONS §9): a number issued once
 * per order, at its first bill or its first Delivered; consecutive per store and financial
 * year, none skipped or reused, also under simultaneous deliveries; the bill's kind from the
 * store's profile; taxable + CGST + SGST = the order's total to the paisa.
 */

useOrdersSuite({ orders: 700 });

const GSTIN_TS = `36AAPFU0939F1Z${gstinCheckCharacter('36AAPFU0939F1Z')}`;
const FSSAI = '12345678901234';

const setProfile = (
  store: number,
  profile: { gstin?: string | null; fssai?: string | null; scheme?: string },
) =>
  t.db.kysely
    .updateTable('users')
    .set({
      ...(profile.gstin !== undefined ? { gstin: profile.gstin } : {}),
      ...(profile.fssai !== undefined ? { fssai_number: profile.fssai } : {}),
      ...(profile.scheme ? { tax_scheme: profile.scheme } : {}),
    })
    .where('id', '=', store)
    .execute();
const bills = (s: Session, ids: number[], app = t.app) =>
  call(app, 'printOrderBills', { session: s, body: { ids } });
const ordersOf = (store: number) =>
  t.db.kysely
    .selectFrom('orders')
    .select(['id', 'status', 'invoice_number', 'items_total', 'delivery_price'])
    .where('store_user_id', '=', store)
    .orderBy('id')
    .execute();
const paise = (rupees: number) => Math.round(rupees * 100);
const seq = (n: string) => Number(n.split('/').at(-1));

describe('printbills', () => {
  it('refuses the batch while a store has no FSSAI licence number; nothing is issued', async () => {
    await setProfile(storeA, { fssai: null });
    const ids = (await ordersOf(storeA))
      .filter((o) => !o.invoice_number)
      .map((o) => o.id)
      .slice(0, 3);
    const r = await bills(p.admin, ids);
    expect(r.status).toBe(400);
    expect(r.body.errorMessages).toEqual([FSSAI_MISSING_MESSAGE]);
    const after = await ordersOf(storeA);
    expect(after.filter((o) => ids.includes(o.id)).map((o) => o.invoice_number)).toEqual([null, null, null]);
  });

  it('issues consecutive numbers once: a reprint, a later status change and a cancellation keep them', async () => {
    await setProfile(storeB, { gstin: GSTIN_TS, fssai: FSSAI, scheme: 'Regular' });
    const fresh = (await ordersOf(storeB)).filter((o) => !o.invoice_number).map((o) => o.id);
    const counter = await t.db.kysely
      .selectFrom('invoice_counters')
      .select('last')
      .where('store_user_id', '=', storeB)
      .executeTakeFirst();
    const first = await bills(p.admin, fresh.slice(0, 5));
    expect(first.status).toBe(200);
    const numbers = first.body.result.map((b) => b.bill.invoiceNumber);
    expect(numbers.map(seq)).toEqual([1, 2, 3, 4, 5].map((n) => n + (counter?.last ?? 0)));
    expect(numbers.every((n) => n.startsWith(`S${storeB}/`) && n.length <= 16)).toBe(true);
    expect(first.body.result.map((b) => b.order.id)).toEqual(fresh.slice(0, 5));

    // Printed again (in another order, with a new one): the same numbers, the new one next.
    const again = await bills(p.admin, [fresh[5]!, ...fresh.slice(0, 5).reverse()]);
    expect(again.body.result.map((b) => b.bill.invoiceNumber)).toEqual([
      numbers[0]!.replace(/\d+$/, (d) => String(seq(numbers[4]!) + 1).padStart(d.length, '0')),
      ...numbers.slice().reverse(),
    ]);
    // Cancelled after it got its number: it keeps it.
    const cancelled = await call(t.app, 'bulkUpdateOrders', {
      session: p.admin,
      body: { ids: [fresh[0]!], status: 4, cancelledreason: 2 } as never,
    });
    expect(cancelled.body.result.results[0]!.outcome).toBe('changed');
    const reprint = await bills(p.admin, [fresh[0]!]);
    expect(reprint.body.result[0]!.bill.invoiceNumber).toBe(numbers[0]);
    expect(reprint.body.result[0]!.order.status).toBe(4);
  });

  it('prints the bill the store’s profile calls for, and its split adds up to the total for 200 orders', async () => {
    await setProfile(storeA, { gstin: GSTIN_TS, fssai: FSSAI, scheme: 'Regular' });
    // Every store Regular with a GSTIN, for 200 orders across stores.
    await t.db.kysely
      .updateTable('users')
      .set({ gstin: GSTIN_TS, fssai_number: FSSAI, tax_scheme: 'Regular' })
      .execute();
    const all = await t.db.kysely
      .selectFrom('orders')
      .select(['id', 'items_total', 'delivery_price'])
      .orderBy('id')
      .limit(200)
      .execute();
    const ids = all.map((o) => o.id);
    expect(ids.length).toBe(200);
    const stored = new Map(all.map((o) => [o.id, o]));
    for (let i = 0; i < ids.length; i += 50) {
      const r = await bills(p.admin, ids.slice(i, i + 50));
      expect(r.status).toBe(200);
      for (const { order, bill } of r.body.result) {
        const o = stored.get(order.id)!;
        expect(bill.kind).toBe('Tax Invoice');
        expect(bill.gstin).toBe(GSTIN_TS);
        expect(bill.fssaiNumber).toBe(FSSAI);
        expect(paise(bill.total)).toBe(o.items_total + o.delivery_price);
        expect(paise(bill.taxable!) + paise(bill.cgst!) + paise(bill.sgst!)).toBe(paise(bill.total));
        expect(bill.cgst).toBe(bill.sgst);
        expect(bill.invoiceDate).toMatch(/^\d{4}-\d{2}-\d{2}$/);
      }
    }
    const one = [(await ordersOf(storeA))[0]!.id];
    await setProfile(storeA, { scheme: 'Composition' });
    const supply = (await bills(p.admin, one)).body.result[0]!.bill;
    expect([supply.kind, supply.taxable, supply.cgst, supply.sgst]).toEqual([
      'Bill of Supply',
      null,
      null,
      null,
    ]);
    expect(COMPOSITION_HEADING).toMatch(/^composition taxable person/);
    await setProfile(storeA, { gstin: null, scheme: 'Regular' });
    const plain = (await bills(p.admin, one)).body.result[0]!.bill;
    expect([plain.kind, plain.gstin, plain.cgst]).toEqual(['Bill', null, null]);
  });

  it('keeps a store to its own orders and refuses the read-only role', async () => {
    await setProfile(storeA, { fssai: FSSAI });
    const [own] = await ordersOf(storeA);
    const [other] = await ordersOf(storeB);
    const r = await bills(p.webAdmin, [own!.id, other!.id]);
    expect(r.status).toBe(200);
    expect(r.body.result.map((b) => b.order.id)).toEqual([own!.id]);
    expect((await bills(p.mobileUser, [own!.id])).status).toBe(403);
  });
});

describe('Delivered issues the number', () => {
  it('50 simultaneous deliveries of one store: 50 distinct consecutive numbers', async () => {
    // Fifty of the store's orders without a number, made Processing first (most are Delivered).
    const free = (await ordersOf(storeA)).filter((o) => !o.invoice_number).slice(0, 50);
    expect(free.length).toBe(50);
    await t.db.kysely
      .updateTable('orders')
      .set({ status: 1, cancelled_reason: null })
      .where(
        'id',
        'in',
        free.map((o) => o.id),
      )
      .execute();
    const waiting = free;
    const before = await t.db.kysely
      .selectFrom('invoice_counters')
      .select('last')
      .where('store_user_id', '=', storeA)
      .executeTakeFirst();
    const ids = waiting.slice(0, 50).map((o) => o.id);
    const answers = await Promise.all(
      ids.map((id) =>
        call(t.app, 'bulkUpdateOrders', { session: p.admin, body: { ids: [id], status: 3 } as never }),
      ),
    );
    expect(answers.map((a) => a.body.result.results[0]!.outcome)).toEqual(ids.map(() => 'changed'));
    const numbers = (await ordersOf(storeA)).filter((o) => ids.includes(o.id)).map((o) => o.invoice_number!);
    const from = (before?.last ?? 0) + 1;
    expect(numbers.map(seq).sort((a, b) => a - b)).toEqual(Array.from({ length: 50 }, (_, i) => from + i));
    // Delivered again (a later edit) issues nothing new.
    const last = await t.db.kysely
      .selectFrom('invoice_counters')
      .select('last')
      .where('store_user_id', '=', storeA)
      .executeTakeFirstOrThrow();
    expect(last.last).toBe(from + 49);
  });

  it('numbers each financial year from 1, turning over on 1 April in India', async () => {
    await setProfile(storeA, { fssai: FSSAI });
    const fresh = (await ordersOf(storeA)).filter((o) => !o.invoice_number).map((o) => o.id);
    const at = (iso: string) => {
      const app = t.makeApp({ clock: () => Date.parse(iso) });
      return async (id: number) =>
        (await bills(await signIn(app, 'BlueTikAdmin'), [id], app)).body.result[0]!.bill;
    };
    // 31 March 2031, 23:59 in India; then 1 April 2031, 00:00 in India (18:30 UTC the day before).
    const march = await (await at('2031-03-31T18:29:00Z'))(fresh[0]!);
    const april = await (await at('2031-03-31T18:30:00Z'))(fresh[1]!);
    expect(march.invoiceNumber).toBe(`S${storeA}/3031/000001`);
    expect(march.invoiceDate).toBe('2031-03-31');
    expect(april.invoiceNumber).toBe(`S${storeA}/3132/000001`);
    expect(april.invoiceDate).toBe('2031-04-01');
  });
});
