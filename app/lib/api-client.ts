import ky, { type KyInstance, type Options } from 'ky';
import * as v from 'valibot';
import type { CallInput, ResultOf } from '#contract/call';
import { FieldErrorsSchema, type Envelope, type FieldMessages } from '#contract/envelope';
import { ENDPOINT_PATHS } from '#contract/endpoint-paths.gen';
import { API_BASE, apiPath, callPath, type EndpointName } from '#contract/paths';
import { XSRF_COOKIE, XSRF_HEADER } from '#contract/auth';
import { STALE_SAVE_STATUS } from '#contract/versions';
import { getToken } from './auth/session';
import { emit, notify } from './events';

/**
 * A call that failed: HTTP status (0 for a transport failure), the server's messages, and
 * the payload key each message is about when the server named one (contract FieldErrorsSchema).
 */
export class ApiError extends Error {
  override readonly name = 'ApiError';
  constructor(
    readonly status: number,
    readonly messages: string[],
    readonly fields: Readonly<FieldMessages> = {},
  ) {
    super(messages[0] ?? `Request failed (${status})`);
  }
}

/** Per-call options on top of ky's. */
export interface CallOptions extends Omit<Options, 'method' | 'json' | 'prefixUrl'> {
  /** Skip the user-facing notice (the call's failure is expected and harmless). */
  quiet?: boolean;
}

const SAFE_METHODS = new Set(['GET', 'HEAD', 'OPTIONS']);
// On HTTPS the server uses the `__Host-` prefix (DECISIONS §3); read either.
const XSRF_COOKIES = [XSRF_COOKIE, `__Host-${XSRF_COOKIE}`];

function readXsrfCookie(): string | null {
  for (const part of document.cookie.split(';')) {
    const eq = part.indexOf('=');
    if (eq < 0) continue;
    const name = part.slice(0, eq).trim();
    if (XSRF_COOKIES.includes(name)) {
      const value = part.slice(eq + 1).trim();
      try {
        return decodeURIComponent(value);
      } catch {
        return value;
      }
    }
  }
  return null;
}

function isSameOrigin(url: string): boolean {
  try {
    return new URL(url, window.location.href).origin === window.location.origin;
  } catch {
    return false;
  }
}

let bootstrapping: Promise<unknown> | null = null;

/**
 * The server sets the anonymous XSRF cookie on any response; before the very first
 * state-changing call there may be none yet, so fetch one (once, shared by concurrent calls).
 */
function ensureXsrfCookie(): Promise<unknown> {
  bootstrapping ??= http
    .get(apiPath('health'))
    .catch(() => undefined)
    .finally(() => {
      bootstrapping = null;
    });
  return bootstrapping;
}

/** The one ky instance: every call to the API goes through it. */
export const http: KyInstance = ky.create({
  prefixUrl: API_BASE,
  credentials: 'same-origin',
  throwHttpErrors: false,
  retry: 0,
  timeout: 30_000,
  hooks: {
    beforeRequest: [
      (request) => {
        const token = getToken();
        if (token) request.headers.set('Authorization', `Bearer ${token}`);
      },
      async (request) => {
        // Cross-origin calls must never see our CSRF token.
        if (SAFE_METHODS.has(request.method) || !isSameOrigin(request.url)) return;
        if (!readXsrfCookie()) await ensureXsrfCookie();
        const xsrf = readXsrfCookie();
        if (xsrf) request.headers.set(XSRF_HEADER, xsrf);
      },
    ],
    afterResponse: [
      (request, _options, response) => {
        // Only a call made *with* a session can end it; the login call's own 401 is just an error.
        if (response.status === 401 && request.headers.get('Authorization')?.startsWith('Bearer ')) {
          emit('unauthorized');
        }
      },
    ],
  },
});

function fail(status: number, messages: string[], quiet: boolean, fields?: FieldMessages): never {
  const error = new ApiError(status, messages, fields);
  console.error('Server Error', error.message);
  // A stale save (409) is shown where the work is, by the form's conflict bar.
  if (!quiet && status !== STALE_SAVE_STATUS) notify({ tone: 'error', message: error.message });
  throw error;
}

function isEnvelope(value: unknown): value is Envelope<unknown> {
  return !!value && typeof value === 'object' && 'isSuccess' in value && 'errorMessages' in value;
}

async function request<T>(
  method: string,
  path: string,
  json: unknown,
  options: CallOptions = {},
): Promise<T> {
  const { quiet = false, ...kyOptions } = options;
  let response: Response;
  try {
    response = await http(path, { ...kyOptions, method, ...(json === undefined ? {} : { json }) });
  } catch (cause) {
    // Called off by its caller (a screen left, a newer search): not a failure to report.
    if (kyOptions.signal?.aborted) throw cause;
    const message =
      cause instanceof Error && cause.name === 'TimeoutError'
        ? 'The server took too long to answer. Please try again.'
        : 'Could not reach the server. Check your connection and try again.';
    return fail(0, [message], quiet);
  }

  const body: unknown = await response.json().catch(() => undefined);
  if (!isEnvelope(body)) {
    return fail(response.status, [`Unexpected response from the server (HTTP ${response.status}).`], quiet);
  }
  if (body.isSuccess && response.ok) return body.result as T;
  const messages = body.errorMessages.length
    ? body.errorMessages
    : [`Request failed (HTTP ${response.status}).`];
  // A result that isn't the contract's field list names no field: the messages still show, in the alert.
  const named = v.safeParse(FieldErrorsSchema, body.result);
  return fail(response.status, messages, quiet, named.success ? named.output.fields : undefined);
}

/**
 * What a call takes after its name: its input (params, query, body; optional when the
 * call needs none) and the per-call options.
 */
export type CallArgs<N extends EndpointName, I> =
  object extends CallInput<N> ? [input?: I, options?: CallOptions] : [input: I, options?: CallOptions];

/**
 * The API, one typed call per entry of the endpoint table (contract/endpoints.ts):
 * `api.call('getOrderById', { params: { id } })`. The method and URL come from the entry,
 * `body` is sent as JSON, and the promise resolves to the envelope's `result`, typed by
 * the entry (a list call given a `query` answers its page). The result is not parsed:
 * types only, the schemas stay out of the call path.
 */
export const api = {
  call<N extends EndpointName, I extends CallInput<N> = CallInput<N>>(
    name: N,
    ...[input, options]: CallArgs<N, I>
  ): Promise<ResultOf<N, I>> {
    const given = (input ?? {}) as CallInput<N>;
    return request<ResultOf<N, I>>(ENDPOINT_PATHS[name].method, callPath(name, given), given.body, options);
  },
};
