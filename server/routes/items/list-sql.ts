import { sql, type RawBuilder, type SqlBool } from 'kysely';

/*
 * SQL pieces the catalog services (items, categories) share, written once for SQLite and
 * PostgreSQL: a case-insensitive "contains" (lower() on both sides, LIKE with an explicit
 * escape character so % and _ typed by a user match themselves), a case-insensitive sort
 * key, and the two inputs PostgreSQL refuses with an error where SQLite answers (ids past
 * the 32-bit columns, NUL in text), caught here so they answer 404/400, never 500.
 */

/** `text` as a LIKE pattern matching it anywhere, its wildcards escaped with '\'. */
export function containsPattern(text: string): string {
  return `%${text.replace(/[\\%_]/g, (c) => `\\${c}`)}%`;
}

// PostgreSQL text cannot hold NUL, and binding one is an error: no stored value has one.
const NOTHING = sql<SqlBool>`1 = 0`;

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

/**
 * The largest id a row can have: ids are 32-bit `integer` columns, and PostgreSQL refuses
 * (with an error, not an empty result) to compare one with a larger number. The contract's
 * IdSchema allows up to 2^53 - 1, so services answer "not found" for larger ids unasked.
 */
export const MAX_ROW_ID = 2_147_483_647;

/** Whether `id` can name a row at all. */
export const isRowId = (id: number) => Number.isSafeInteger(id) && id >= 1 && id <= MAX_ROW_ID;

/** Refused text: PostgreSQL cannot store NUL, so neither database is given one. */
export const NUL_MESSAGE = 'Text cannot contain NUL characters.';

/** Whether any of `texts` holds a NUL character. */
export const hasNul = (texts: readonly string[]) => texts.some((t) => t.includes('\0'));
