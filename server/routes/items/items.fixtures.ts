import * as v from 'valibot';
import { expect } from 'vitest';
import { EnvelopeSchema } from '#contract/envelope';
import { ItemSchema } from '#contract/items';
import { PagedResultSchema } from '#contract/lists';
import { call, queryOf, send, type Session } from '../../test/harness';
import { t, useCatalogSuite } from '../../test/catalog-suite';

/* What the items suites share: the test server, every principal, and the calls and rows they read. */

export { admin, anonymous, mobileUser, t, webAdmin, webAdminB, webUser } from '../../test/catalog-suite';

useCatalogSuite();

export const db = () => t.db.kysely;
export const ItemStrict = v.strictObject(ItemSchema.entries);
export const Paged = EnvelopeSchema(PagedResultSchema(ItemStrict));

export const get = (s: Session | undefined, path: string) =>
  send(t.app, 'GET', `/api/items/${path}`, s ? { session: s } : {});
export const upsert = (s: Session | { csrf: string }, body: unknown) =>
  call(t.app, 'upsertItem', { session: s, body });
export const remove = (s: Session | { csrf: string }, id: number | string) =>
  call(t.app, 'removeItem', { params: { id }, session: s });

export const itemCount = async () =>
  Number(
    (
      await db()
        .selectFrom('items')
        .select((eb) => eb.fn.countAll<number>().as('n'))
        .executeTakeFirstOrThrow()
    ).n,
  );
export const auditRows = (entityId: number) =>
  db()
    .selectFrom('audit_log')
    .selectAll()
    .where('entity', '=', 'item')
    .where('entity_id', '=', entityId)
    .orderBy('id')
    .execute();
export const page = async (s: Session, qs: string) => {
  const r = await call(t.app, 'listItems', { query: queryOf(qs), session: s });
  expect(r.status, qs).toBe(200);
  return v.parse(Paged, r.body).result!;
};

export const body = (over: Record<string, unknown> = {}) => ({
  id: '',
  name: 'Kashmiri Walnuts',
  description: 'Shelled walnut halves',
  brand: 'Valley Best',
  category: 'Dry Fruits',
  subCategory: 'Nuts and Seeds',
  qty: '250 g',
  image: 'walnuts',
  price: '349.50',
  mrp: '399',
  ...over,
});
