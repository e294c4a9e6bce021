import * as v from 'valibot';
import { LOGIN_LOCKED_MESSAGE } from './auth';

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

/** The message of every unexpected failure; nothing internal reaches the client. */
export const GENERIC_ERROR_MESSAGE = 'There was an error. Please try again later.';

/**
 * The default message per status, so the same refusal always reads the same: the server's
 * answers and the app tests' mocks both use these.
 */
export const STATUS_MESSAGES = {
  400: 'The request is not valid.',
  401: 'Please sign in again.',
  403: 'You do not have permission to do this.',
  404: 'Not found.',
  409: 'Someone else changed this after you opened it. Nothing was saved.',
  413: 'The request is too large.',
  415: 'The request body must be JSON (Content-Type: application/json).',
  429: LOGIN_LOCKED_MESSAGE,
  500: GENERIC_ERROR_MESSAGE,
  501: 'Not implemented yet',
  503: 'The service is unavailable. Please try again later.',
} as const;
