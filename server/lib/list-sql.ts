import { sql, type Expression, type RawBuilder, type SelectQueryBuilder, type SqlBool } from 'kysely';
import { DEFAULT_PAGE_SIZE, type Paged, type SortOrder } from '#contract/lists';

/*
 * SQL pieces the list services share, written once for SQLite and PostgreSQL: a
 * case-insensitive "contains" (lower() on both sides, LIKE with an explicit escape
 * character so % and _ typed by a user match themselves), a case-insensitive sort key, and
 * NUL in text, which PostgreSQL refuses with an error where SQLite answers, caught here so
 * it answers 400, never 500 (ids past the 32-bit columns: ids.ts). The paged lists (items,
 * categories, users, roles) also share how a page is read.
 */

/** `text` as a LIKE pattern matching it anywhere, its wildcards escaped with '\'. */
export function containsPattern(text: string): string {
  return `%${text.replace(/[\\%_]/g, (c) => `\\${c}`)}%`;
}

// PostgreSQL text cannot hold NUL, and binding one is an error: no stored value has one.
const NOTHING = sql<SqlBool>`1 = 0`;

/**
 * `text` lower-cased as a LIKE pattern matching anywhere, with `!` escaping % and _ (the
 * users and roles lists, which compare it with `lower(column) like … escape '!'`).
 */
export function lowerContainsPattern(text: string): string {
  return `%${text.toLowerCase().replace(/[!%_]/g, (ch) => `!${ch}`)}%`;
}

/** Whether column `column` contains `text`, ignoring case. */
export function containsText(column: string, text: string): RawBuilder<SqlBool> {
  if (text.includes('\0')) return NOTHING;
  return sql<SqlBool>`lower(${sql.ref(column)}) like lower(${containsPattern(text)}) escape '\\'`;
}

/** Whether column `column` equals `text`, ignoring case. */
export function equalsText(column: string, text: string): RawBuilder<SqlBool> {
  if (text.includes('\0')) return NOTHING;
  return sql<SqlBool>`lower(${sql.ref(column)}) = lower(${text})`;
}

/** A text column as a sort key that ignores case, so both databases order alike. */
export function textSortKey(column: string): RawBuilder<string> {
  return sql<string>`lower(${sql.ref(column)})`;
}

/** Refused text: PostgreSQL cannot store NUL, so neither database is given one. */
export const NUL_MESSAGE = 'Text cannot contain NUL characters.';

/** Whether any of `texts` holds a NUL character. */
export const hasNul = (texts: readonly string[]) => texts.some((t) => t.includes('\0'));

/** The smallest text after every text that starts with `prefix` (bytewise / "C" order). */
function prefixEnd(prefix: string): string | undefined {
  const points = [...prefix];
  while (points.length) {
    const last = points.pop()!.codePointAt(0)!;
    // Skip the surrogate range: a lone surrogate is not text.
    const next = last === 0xd7ff ? 0xe000 : last + 1;
    if (next <= 0x10ffff) return points.join('') + String.fromCodePoint(next);
  }
  return undefined;
}

/**
 * Whether `key` starts with `prefix`, as one range of an index on `key`: `key` must compare
 * bytewise (SQLite's default; PostgreSQL's "C" collation, dialect.bytewise).
 */
export function prefixRange(key: Expression<unknown>, prefix: string): Expression<SqlBool> {
  const end = prefixEnd(prefix);
  const from = sql<SqlBool>`${key} >= ${prefix}`;
  return end === undefined ? from : sql<SqlBool>`(${from} and ${key} < ${end})`;
}

/** What a paged-list query says about paging and sorting. */
export interface PageQuery {
  page?: number;
  pageSize?: number;
  sort?: string;
  order: SortOrder;
}

/**
 * One page of a list and the count of all rows matching. `rows` is the filtered select
 * with its columns and the asked sort already applied; the id column `id` breaks ties
 * (in the asked order, ascending when unsorted), so paging is stable whatever the sort.
 * `matching` is the same filtered select without columns, which is counted.
 */
export async function readPage<DB, TB extends keyof DB, O, R>(
  query: PageQuery,
  {
    rows,
    id,
    matching,
    toRow,
  }: {
    rows: SelectQueryBuilder<DB, TB, O>;
    id: string;
    matching: SelectQueryBuilder<DB, TB, object>;
    toRow: (row: O) => R;
  },
): Promise<Paged<R>> {
  // The schema fills both in; the defaults only satisfy its optional output type.
  const page = query.page ?? 1;
  const pageSize = query.pageSize ?? DEFAULT_PAGE_SIZE;
  const [found, count] = await Promise.all([
    rows
      .orderBy(sql.ref(id), query.sort ? query.order : 'asc')
      .limit(pageSize)
      .offset((page - 1) * pageSize)
      .execute(),
    matching
      .select(sql<number>`count(*)`.as('total'))
      .$castTo<{ total: number }>()
      .executeTakeFirstOrThrow(),
  ]);
  return { rows: found.map(toRow), total: Number(count.total), page, pageSize };
}
