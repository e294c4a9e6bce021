import type { YesNo } from '#contract/enums';

/*
 * Flags are integer 0/1 columns (db/schema.ts); the contract says 'Yes' | 'No'. Every
 * domain converts through these two, so the rule is written once.
 */

/** A 0/1 flag column as the contract's 'Yes' | 'No'. */
export const yesNo = (flag: number): YesNo => (flag === 1 ? 'Yes' : 'No');

/** The contract's 'Yes' | 'No' as a 0/1 flag column. */
export const flagOf = (value: YesNo): 0 | 1 => (value === 'Yes' ? 1 : 0);
