import * as v from 'valibot';

/** The shape of every API response, errors included (spec §3, DECISIONS §4). */
export interface Envelope<T> {
  isSuccess: boolean;
  result: T | null;
  errorMessages: string[];
}

/** Builds a valibot schema for an envelope whose `result` follows `result`. */
export function EnvelopeSchema<TSchema extends v.GenericSchema>(result: TSchema) {
  return v.object({
    isSuccess: v.boolean(),
    result: v.nullable(result),
    errorMessages: v.array(v.string()),
  });
}

/** The result of every remove call: `true` once the row is gone. */
export const RemovedResultSchema = v.literal(true);

/** A successful envelope. */
export function ok<T>(result: T): Envelope<T> {
  return { isSuccess: true, result, errorMessages: [] };
}

/** A failed envelope listing every message (validation lists them all). */
export function fail(...errorMessages: string[]): Envelope<null> {
  return { isSuccess: false, result: null, errorMessages };
}

/**
 * Every message of a failed valibot parse, in field order, without repeats:
 * the server answers 400 with these, and the forms show the same words per field.
 */
export function issueMessages(issues: readonly v.BaseIssue<unknown>[]): string[] {
  return [...new Set(issues.map((i) => i.message))];
}
