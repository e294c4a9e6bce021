import type { Context } from 'hono';
import { HTTPException } from 'hono/http-exception';
import type { ContentfulStatusCode } from 'hono/utils/http-status';
import {
  fail,
  failFields,
  GENERIC_ERROR_MESSAGE,
  ok,
  STATUS_MESSAGES,
  type FieldMessages,
} from '#contract/envelope';

/*
 * The one place responses are shaped and errors become status codes (DECISIONS §4):
 * handlers return `sendOk` or throw `ApiError`; everything else thrown is a 500 with a
 * generic message, logged with the request id.
 */

export { GENERIC_ERROR_MESSAGE, STATUS_MESSAGES } from '#contract/envelope';

type KnownStatus = keyof typeof STATUS_MESSAGES;

/** A refusal a handler or middleware throws; becomes `status` + envelope with `messages`. */
export class ApiError extends Error {
  readonly status: ContentfulStatusCode;
  readonly messages: string[];
  /** The payload key a message is about, answered as `result.fields` (contract FieldErrorsSchema). */
  readonly fields: FieldMessages = {};
  constructor(status: KnownStatus, ...messages: string[]) {
    const list = messages.length ? messages : [STATUS_MESSAGES[status]];
    super(list.join('; '));
    this.name = 'ApiError';
    this.status = status;
    this.messages = list;
  }

  /** A refusal about one field of the payload (a name already taken): its form shows it there. */
  static field(status: KnownStatus, field: string, message: string): ApiError {
    const error = new ApiError(status, message);
    error.fields[field] = [message];
    return error;
  }
}

/** A success envelope. */
export function sendOk<T>(c: Context, result: T, status: ContentfulStatusCode = 200) {
  return c.json(ok(result), status);
}

/** `value`, or a 404 with `message` when there is none (a missing row, or one out of scope). */
export function orNotFound<T>(value: T, message: string): Exclude<T, null | undefined | false> {
  if (value === null || value === undefined || value === false) throw new ApiError(404, message);
  return value as Exclude<T, null | undefined | false>;
}

/** A failure envelope with `status` (its default message when none is given). */
export function sendFail(c: Context, status: KnownStatus, ...messages: string[]) {
  return c.json(fail(...(messages.length ? messages : [STATUS_MESSAGES[status]])), status);
}

/**
 * A request body that stopped arriving because the connection closed: the client left, or
 * the server's request timeout (server/http/server-limits.ts) ended it. Nobody is left to
 * answer, and logging each as a failure would let slow clients flood the log.
 */
function isClientAbort(err: unknown): boolean {
  return (
    err instanceof Error && err.message === 'aborted' && (err as NodeJS.ErrnoException).code === 'ECONNRESET'
  );
}

/** Maps anything thrown to its envelope; reports whether it was unexpected (to be logged). */
export function errorToResponse(c: Context, err: unknown): { response: Response; unexpected: boolean } {
  if (isClientAbort(err)) return { response: c.json(fail(STATUS_MESSAGES[400]), 400), unexpected: false };
  if (err instanceof ApiError)
    return { response: c.json(failFields(err.messages, err.fields), err.status), unexpected: false };
  if (err instanceof HTTPException && err.status < 500) {
    // Hono's own 4xx (e.g. the JSON validator's "Malformed JSON in request body").
    const status = err.status as ContentfulStatusCode;
    const message =
      status === 400
        ? 'The request body is not valid JSON.'
        : (STATUS_MESSAGES[status as KnownStatus] ?? err.message);
    return { response: c.json(fail(message), status), unexpected: false };
  }
  return { response: c.json(fail(GENERIC_ERROR_MESSAGE), 500), unexpected: true };
}
