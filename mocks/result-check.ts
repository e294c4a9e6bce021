import * as v from 'valibot';
import type { SetupServer } from 'msw/node';
import { API_BASE } from '#contract/paths';
import { endpointAt, resultSchemaOf, type QueryValue } from '#contract/call';
import { FailureEnvelopeSchema } from '#contract/envelope';

/*
 * Every answer a mock gives is parsed with its endpoint's result schema (contract/endpoints),
 * and every refusal with the failure's (contract FailureEnvelopeSchema): a mock can't drift
 * into a shape the server never sends without its test failing. Watches
 * the MSW server's mocked responses (shared handlers and a test's own alike); the app
 * tests' setup asks for the findings after each test and fails it on any.
 */
/**
 * The header a test's own handler sets on an answer it sends outside the endpoint table on
 * purpose (e.g. spec §3's "a missing deliveryTime becomes 0", which the product's server
 * never sends but the screen must still read), so the check lets it through.
 */
export const OUTSIDE_CONTRACT = { 'x-mock-outside-contract': 'on purpose' } as const;

export function watchMockedResults(server: SetupServer) {
  const pending = new Set<Promise<void>>();
  const found: string[] = [];

  server.events.on('response:mocked', ({ request, response }) => {
    const url = new URL(request.url);
    if (!url.pathname.startsWith(API_BASE) || response.headers.has('x-mock-outside-contract')) return;
    const name = endpointAt(request.method, url.pathname.slice(API_BASE.length));
    if (!name) return;
    const query: Record<string, QueryValue> = {};
    for (const [key, value] of url.searchParams) query[key] = value;
    const check = response
      .clone()
      .json()
      .then((body: { isSuccess?: boolean; result?: unknown }) => {
        const schema = body?.isSuccess ? resultSchemaOf(name, query) : FailureEnvelopeSchema;
        if (!schema) return;
        const parsed = v.safeParse(schema, body?.isSuccess ? body.result : body);
        if (!parsed.success)
          found.push(
            `${name}: ${parsed.issues
              .slice(0, 3)
              .map((i) => `${v.getDotPath(i) ?? '(result)'} ${i.message}`)
              .join('; ')}`,
          );
      })
      .catch(() => undefined)
      .finally(() => pending.delete(check));
    pending.add(check);
  });

  /** The answers since the last call whose shape their endpoint refuses (and forgets them). */
  return async function wrongShapes(): Promise<string[]> {
    await Promise.all(pending);
    return found.splice(0);
  };
}
