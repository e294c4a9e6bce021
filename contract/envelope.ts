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

/**
 * A refusal's `result` when its messages belong to fields: payload key → that field's
 * messages, each also in `errorMessages` in the same words. A form finds its field by
 * this name; matching the words against a label broke whenever a label changed or was
 * translated (record 070). Any other failure's `result` stays null.
 */
export const FieldErrorsSchema = v.object({ fields: v.record(v.string(), v.array(v.string())) });
export type FieldErrors = v.InferOutput<typeof FieldErrorsSchema>;
/** Payload key → the messages about that field. */
export type FieldMessages = FieldErrors['fields'];

/**
 * The shape of every failure (what the server and the mocks answer): `result` is null or
 * names fields, and a field's message is never missing from `errorMessages`, so a client
 * that reads only `errorMessages` misses nothing.
 */
export const FailureEnvelopeSchema = v.pipe(
  v.object({
    isSuccess: v.literal(false),
    result: v.nullable(FieldErrorsSchema),
    errorMessages: v.array(v.string()),
  }),
  v.check(
    (e) =>
      Object.values(e.result?.fields ?? {}).every((said) => said.every((m) => e.errorMessages.includes(m))),
    'Every field message is also in errorMessages.',
  ),
);

/** A failed envelope listing every message, with the fields they belong to (result null when none). */
export function failFields(errorMessages: string[], fields: FieldMessages): Envelope<FieldErrors> {
  return { isSuccess: false, result: Object.keys(fields).length ? { fields } : null, errorMessages };
}

/**
 * The messages of a failed parse by the input's top-level key (the form's field) they are
 * about, in order without repeats; an issue with no path (a check of the whole input)
 * belongs to no field.
 */
export function issueFields(issues: readonly v.BaseIssue<unknown>[]): FieldMessages {
  const fields: FieldMessages = {};
  for (const issue of issues) {
    const key: unknown = issue.path?.[0]?.key;
    if (typeof key !== 'string' && typeof key !== 'number') continue;
    const said = (fields[String(key)] ??= []);
    if (!said.includes(issue.message)) said.push(issue.message);
  }
  return fields;
}

/** The 400 envelope of a failed parse: every message, and the fields they are about. */
export function failIssues(issues: readonly v.BaseIssue<unknown>[]): Envelope<FieldErrors> {
  return failFields(issueMessages(issues), issueFields(issues));
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
