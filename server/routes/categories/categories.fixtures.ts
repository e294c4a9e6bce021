import * as v from 'valibot';
import { CategoryListRowSchema, CategorySchema } from '#contract/categories';
import { decodeCatalogItems } from '#contract/codecs';
import { call, send, type Session } from '../../test/harness';
import { t, useCatalogSuite } from '../../test/catalog-suite';

/* What the categories suites share: the test server, every principal, and the calls and rows they read. */

export { admin, anonymous, mobileUser, t, webAdmin, webAdminB, webUser } from '../../test/catalog-suite';

useCatalogSuite();

export const db = () => t.db.kysely;
export const strict = <T extends v.ObjectEntries>(s: { entries: T }) => v.strictObject(s.entries);
export const ListRow = strict(CategoryListRowSchema);
export const CategoryStrict = strict(CategorySchema);

export const get = (s: Session | undefined, path: string) =>
  send(t.app, 'GET', `/api/categories/${path}`, s ? { session: s } : {});
export const upsert = (s: Session | { csrf: string }, body: unknown) =>
  call(t.app, 'upsertCategory', { session: s, body });
export const remove = (s: Session | { csrf: string }, id: number | string) =>
  call(t.app, 'removeCategory', { params: { id }, session: s });

export const decoded = (encoded: string) => {
  const r = decodeCatalogItems(encoded);
  if (!r.success) throw new Error(r.issues.join('; '));
  return r.output;
};
export const itemIds = async (limit = 400) =>
  (await db().selectFrom('items').select('id').orderBy('id').limit(limit).execute()).map((r) => r.id);
export const auditRows = (entityId: number) =>
  db()
    .selectFrom('audit_log')
    .selectAll()
    .where('entity', '=', 'category')
    .where('entity_id', '=', entityId)
    .orderBy('id')
    .execute();
export const categoryCount = async () =>
  Number(
    (
      await db()
        .selectFrom('categories')
        .select((eb) => eb.fn.countAll<number>().as('n'))
        .executeTakeFirstOrThrow()
    ).n,
  );

export const body = (over: Record<string, unknown> = {}) => ({
  id: '',
  name: 'Dry Fruits',
  subcategory: 'Nuts and Seeds',
  description: 'Almonds, cashews and more',
  image: 'dry-fruits',
  associatedItems: '',
  ...over,
});
