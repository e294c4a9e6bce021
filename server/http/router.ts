import { Hono, type Context, type MiddlewareHandler } from 'hono';
import type { ListName, PageResult, PlainResult, ValidInput } from '#contract/call';
import { ENDPOINTS, type Endpoint, type EndpointName } from '#contract/endpoints';
import { isPagedQuery } from '#contract/lists';
import { createGuard } from '../auth/permissions';
import type { AppEnv, ServerContext } from './context';
import { sendOk } from './envelope';
import { validated } from './validate';

/*
 * Routes are mounted from the endpoint table: a route names its call and gets the
 * entry's method, path, permission guard and validators (path parameters, query, body),
 * in that order, so a 401/403 comes before a 400. A handler cannot pick its own
 * validator or answer a result of another shape than its entry's: it returns the result
 * (sent in the envelope) or, for what is not an envelope (a stream, a page), a Response.
 */

/** A request's input after its entry's validators. */
export type Input<N extends EndpointName> = ValidInput<N>;
export type { ListName };

type Answer<T> = T | Response | Promise<T | Response>;
type Handler<N extends EndpointName, T> = (c: Context<AppEnv>, input: Input<N>) => Answer<T>;

/** A set of routes mounted from the table. */
export interface Router {
  readonly app: Hono<AppEnv>;
  /** Mounts call `name` with `handler`. */
  on<N extends Exclude<EndpointName, ListName>>(name: N, handler: Handler<N, PlainResult<N>>): void;
  /**
   * Mounts list call `name`: `all` answers the whole list when the query names no list
   * key (the spec's plain form), `page` a page when it names any (DECISIONS §1).
   */
  list<N extends ListName>(
    name: N,
    handlers: { all: Handler<N, PlainResult<N>>; page: Handler<N, PageResult<N>> },
  ): void;
}

/** Reads what the validators stored (their types live in the entry, not in Hono's generics). */
function inputOf<N extends EndpointName>(c: Context<AppEnv>, entry: Endpoint): Input<N> {
  const valid = (target: 'param' | 'query' | 'json') =>
    (c.req as unknown as { valid(t: string): unknown }).valid(target);
  return {
    params: entry.params ? valid('param') : undefined,
    query: entry.query ? valid('query') : undefined,
    body: entry.body ? valid('json') : undefined,
  } as Input<N>;
}

/** A router whose routes the app mounts under /api. */
export function createRouter(ctx: ServerContext): Router {
  const guard = createGuard(ctx);
  const app = new Hono<AppEnv>();

  function mount<N extends EndpointName>(name: N, handler: Handler<N, unknown>) {
    const entry: Endpoint = ENDPOINTS[name];
    const chain: MiddlewareHandler<AppEnv>[] = [guard(name)];
    if (entry.params) chain.push(validated('param', entry.params));
    if (entry.query) chain.push(validated('query', entry.query));
    if (entry.body) chain.push(validated('json', entry.body));
    const run = async (c: Context<AppEnv>) => {
      const out = await handler(c, inputOf<N>(c, entry));
      return out instanceof Response ? out : sendOk(c, out);
    };
    app.on(entry.method, entry.path, ...(chain as [MiddlewareHandler<AppEnv>]), run);
  }

  return {
    app,
    on: (name, handler) => mount(name, handler),
    list: (name, { all, page }) => {
      const listQuery = ENDPOINTS[name].query;
      mount(name, (c, input) => (isPagedQuery(listQuery, c.req.queries()) ? page(c, input) : all(c, input)));
    },
  };
}
