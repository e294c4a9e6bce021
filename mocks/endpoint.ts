import { http, HttpResponse, type HttpHandler } from 'msw';
import * as v from 'valibot';
import type { ListName, PlainResult, ValidInput } from '#contract/call';
import { CSRF_REFUSED_MESSAGE } from '#contract/auth';
import { API_BASE, ENDPOINTS, type Endpoint, type EndpointName } from '#contract/endpoints';
import { failIssues, ok } from '#contract/envelope';
import { isPagedQuery } from '#contract/lists';
import { callerOf, guard, hasXsrf, refuse, refuseField, type Caller } from './auth';
import { store, userByPhone } from './store';

/*
 * A mock handler is built from the call's entry in the endpoint table, as the server's
 * routes are (server/http/router.ts): its method and path, the guard (token, CSRF header,
 * the permission table), then the entry's validators (400 with the schema's messages and
 * the fields they are about);
 * only then the handler, which answers the entry's result type. Every request is logged
 * in the store first, so a test can assert what the app sent.
 */

/** The absolute-from-root URL pattern of an endpoint, as MSW wants it. */
export const url = (name: EndpointName) => API_BASE + ENDPOINTS[name].path;

/** What a handler is given: who calls (null on a public call) and the validated input. */
export interface MockInput<N extends EndpointName> extends ValidInput<N> {
  caller: N extends 'health' | 'login' ? Caller | null : Caller;
  request: Request;
}

type Answer<T> = T | Response | Promise<T | Response>;

/** The query string as the server reads it: a key that repeats becomes an array. */
function queryOf(url: URL): Record<string, string | string[]> {
  const out: Record<string, string | string[]> = {};
  for (const key of new Set(url.searchParams.keys())) {
    const all = url.searchParams.getAll(key);
    out[key] = all.length > 1 ? all : all[0]!;
  }
  return out;
}

function validate(schema: v.GenericSchema | undefined, value: unknown) {
  if (!schema) return { output: undefined };
  const parsed = v.safeParse(schema, value);
  return parsed.success
    ? { output: parsed.output }
    : { refusal: HttpResponse.json(failIssues(parsed.issues), { status: 400 }) };
}

/** MSW's handler options: `once` answers the next request only (then the registered mock again). */
type Options = { once?: boolean };

function mock<N extends EndpointName>(
  name: N,
  handle: (input: MockInput<N>) => Answer<unknown>,
  options?: Options,
): HttpHandler {
  const entry: Endpoint = ENDPOINTS[name];
  const method = entry.method === 'GET' ? http.get : entry.method === 'POST' ? http.post : http.delete;
  return method(
    url(name),
    async ({ request, params }) => {
      const at = new URL(request.url);
      const body: unknown = entry.body
        ? await request
            .clone()
            .json()
            .catch(() => undefined)
        : undefined;
      store.requests.push({ name, url: at, body });

      let caller: Caller | null = null;
      if (entry.action === 'public') {
        if (request.method !== 'GET' && !hasXsrf(request)) return refuse(403, CSRF_REFUSED_MESSAGE);
      } else {
        // The flag the permission table reads for categories comes from the caller's stored profile.
        const flag = userByPhone(callerOf(request)?.userId ?? '')?.isAddCategoryItems === 'Yes';
        const guarded = guard(request, name, { isAddCategoryItems: flag });
        if (guarded instanceof Response) return guarded;
        caller = guarded;
      }
      const input = [
        validate(entry.params, params),
        validate(entry.query, queryOf(at)),
        validate(entry.body, body),
      ] as const;
      for (const part of input) if ('refusal' in part) return part.refusal;
      const out = await handle({
        caller: caller as MockInput<N>['caller'],
        params: input[0].output,
        query: input[1].output,
        body: input[2].output,
        request,
      } as MockInput<N>);
      return out instanceof Response ? out : HttpResponse.json(ok(out));
    },
    options,
  );
}

/** The mock of call `name`: `handle` answers its result (or a Response for a refusal). */
export function on<N extends Exclude<EndpointName, ListName>>(
  name: N,
  handle: (input: MockInput<N>) => Answer<PlainResult<N>>,
  options?: Options,
): HttpHandler {
  return mock(name, handle, options);
}

/**
 * The mock of list call `name`: the stored rows `rows` gives, in the order given — the
 * whole list without list keys, else the page the query names (DECISIONS §1). It neither
 * filters nor sorts: that is the server's work, tested against the server.
 */
export function list<N extends ListName>(
  name: N,
  rows: (input: MockInput<N>) => PlainResult<N>,
): HttpHandler {
  return mock(name, (input) => {
    const all = rows(input) as unknown[];
    const query = ENDPOINTS[name].query;
    if (!isPagedQuery(query, queryOf(new URL(input.request.url)))) return all;
    const { page = 1, pageSize = 25 } = input.query as { page?: number; pageSize?: number };
    return { rows: all.slice((page - 1) * pageSize, page * pageSize), total: all.length, page, pageSize };
  });
}

/** A refusal as the server words it: for a test that needs the server to say no. */
export function refusing(
  name: EndpointName,
  status: 400 | 401 | 403 | 404 | 409,
  messages: string[] = [],
  options?: Options,
) {
  return mock(name, () => refuse(status, ...messages), options);
}

/** A refusal about one field of the payload (a name taken), as the server words and names it. */
export function refusingField(name: EndpointName, field: string, message: string, options?: Options) {
  return mock(name, () => refuseField(field, message), options);
}
