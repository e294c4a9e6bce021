import { MAX_ID } from '#contract/rules';

/*
 * The one id bound of the server. Ids are 32-bit `integer` columns on both databases, and
 * PostgreSQL refuses (with an error, not an empty result) to compare one with a larger
 * number, while the contract's IdSchema allows up to 2^53 - 1: services answer such an id
 * as naming no row (404), never 500.
 */

/** The largest id a row can have (the contract's MAX_ID: the 32-bit id columns). */
export const MAX_ROW_ID = MAX_ID;

/** Whether `n` fits an id column, so it may be compared with one (0 and below included). */
export const fitsIdColumn = (n: number) => n <= MAX_ROW_ID;

/** Whether `id` can name a row at all. */
export const isRowId = (id: number) => Number.isSafeInteger(id) && id >= 1 && fitsIdColumn(id);
