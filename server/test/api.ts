import * as v from 'valibot';
import {
  callPath,
  endpointAt,
  resultSchemaOf,
  type CallInput,
  type QueryValue,
  type ResultOf,
} from '#contract/call';
import { API_BASE, ENDPOINTS, type EndpointName } from '#contract/endpoints';
import { FailureEnvelopeSchema, type Envelope } from '#contract/envelope';
import type { App } from '../app';
import { authHeaders } from './auth-headers';

/*
 * How the server suite calls the API. `call(app, 'getOrderById', { params: { id } })`
 * takes the call's name and typed input, and its answer's type comes from the endpoint
 * table. `send` is for what no typed caller can send (a malformed body, an unknown path,
 * the wrong method). Both check every successful answer against its entry's result
 * schema and every failure against the failure envelope, so a route answering a wrong
 * shape fails the test that called it.
 */

/** A query string as a typed call's query (a repeated key becomes an array), for tables of cases. */
export function queryOf(qs: string): Record<string, string | string[]> {
  const query: Record<string, string | string[]> = {};
  for (const [key, value] of new URLSearchParams(qs)) {
    const had = query[key];
    query[key] = had === undefined ? value : [...(Array.isArray(had) ? had : [had]), value];
  }
  return query;
}

/** Who is calling and any extra headers. */
export interface CallOptions {
  session?: { token?: string; csrf?: string };
  headers?: Record<string, string>;
}

/**
 * An answer: the response, its status and its parsed envelope. `result` is typed as the
 * success result: a test reads it after asserting the status, and reading a field of a
 * failure's null result throws, so the test fails either way.
 */
export interface Answer<T> {
  res: Response;
  status: number;
  body: Omit<Envelope<T>, 'result'> & { result: T };
}

let addressCounter = 0;

/**
 * Throws unless a successful answer's result matches its call's entry, and unless a
 * failure has the failure's shape (contract FailureEnvelopeSchema: fields named only
 * with messages errorMessages lists too).
 */
function checkResult(method: string, url: string, status: number, body: Envelope<unknown>) {
  // A raw answer (the OpenAPI document) is JSON but no envelope; only a failure must be one.
  if (status >= 400 || body.isSuccess === false) {
    const parsed = v.safeParse(FailureEnvelopeSchema, body);
    if (!parsed.success)
      throw new Error(`${method} ${url} answered a failure of the wrong shape: ${parsed.issues[0].message}`);
    return;
  }
  if (status < 200 || status > 299) return;
  const [path = '', search = ''] = url.slice(API_BASE.length).split('?');
  const name = endpointAt(method, path);
  if (!name) return;
  const query: Record<string, QueryValue> = {};
  for (const [key, value] of new URLSearchParams(search)) query[key] = value;
  const schema = resultSchemaOf(name, query);
  if (!schema) return;
  const parsed = v.safeParse(schema, body.result);
  if (!parsed.success) {
    const where = parsed.issues.map((i) => `${v.getDotPath(i) ?? '(result)'}: ${i.message}`).slice(0, 5);
    throw new Error(`${name} answered a result its entry refuses: ${where.join('; ')}`);
  }
}

/** Sends a request as written: JSON body (when given), the session's headers, extra headers. */
export async function send(
  app: App,
  method: string,
  url: string,
  opts: CallOptions & { body?: unknown } = {},
): Promise<Answer<unknown>> {
  const headers: Record<string, string> = {
    // A fresh client address per call unless the test names one, so failed sign-ins in
    // one test never lock the shared per-address counter of another. The one trusted
    // proxy (createTestServer) appends it after what the client itself wrote.
    'X-Forwarded-For': `10.0.0.1, 198.51.100.${++addressCounter % 250}`,
    ...authHeaders(opts.session ?? {}),
    ...opts.headers,
  };
  const init: RequestInit = { method, headers };
  if (opts.body !== undefined) {
    init.body = typeof opts.body === 'string' ? opts.body : JSON.stringify(opts.body);
    headers['Content-Type'] ??= 'application/json';
  } else if (method !== 'GET' && method !== 'HEAD' && method !== 'DELETE') {
    headers['Content-Type'] ??= 'application/json';
  }
  const res = await app.request(url, init);
  const text = await res.text();
  let body: Envelope<unknown> | undefined;
  try {
    body = JSON.parse(text) as Envelope<unknown>;
  } catch {
    body = undefined;
  }
  if (body) checkResult(method, url, res.status, body);
  else body = { isSuccess: false, result: text, errorMessages: ['(not JSON)'] };
  return { res, status: res.status, body };
}

/**
 * The input of call `N` and who makes it (no argument needed when the call takes none).
 * The body is not held to the entry's type: the suites send wrong bodies on purpose, and
 * the server's validation is what they test.
 */
type TestInput<N extends EndpointName> = Omit<CallInput<N>, 'body'> & { body?: unknown };
type Args<N extends EndpointName, I> =
  object extends TestInput<N> ? [input?: I & CallOptions] : [input: I & CallOptions];

/** Makes call `name` with its typed input; the answer's result type is the entry's. */
export async function call<N extends EndpointName, I extends TestInput<N> = TestInput<N>>(
  app: App,
  name: N,
  ...[input]: Args<N, I>
): Promise<Answer<ResultOf<N, I>>> {
  const given = (input ?? {}) as TestInput<N> & CallOptions;
  const url = `${API_BASE}/${callPath(name, given)}`;
  const answer = await send(app, ENDPOINTS[name].method, url, {
    ...(given.session ? { session: given.session } : {}),
    ...(given.headers ? { headers: given.headers } : {}),
    ...(given.body !== undefined ? { body: given.body } : {}),
  });
  return answer as Answer<ResultOf<N, I>>;
}
