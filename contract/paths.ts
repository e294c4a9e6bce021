import { ENDPOINT_PATHS } from './endpoint-paths.gen';

/*
 * Building a call's URL, for the browser: from the generated method/path list, not from
 * the endpoint table, whose schemas the app must not load on every page.
 */

/** Base path of the API. */
export const API_BASE = '/api';

/** The name of a call. */
export type EndpointName = keyof typeof ENDPOINT_PATHS;

/** A query string value as a caller gives it (an array repeats the key). */
export type QueryValue = string | number | boolean | readonly (string | number)[] | undefined;

/**
 * The URL of a call relative to the API base, with `:params` filled in and an
 * optional query string: `apiPath('getOrderById', { id: 7 })` → `orders/getorderbyid/7`.
 * Relative (no leading slash) so the one ky client's `prefixUrl` applies.
 */
export function apiPath(
  name: EndpointName,
  params: Record<string, string | number> = {},
  query?: Record<string, QueryValue>,
): string {
  const path = ENDPOINT_PATHS[name].path.replace(/:(\w+)/g, (_, key: string) => {
    const value = params[key];
    if (value === undefined) throw new Error(`apiPath(${name}): missing :${key}`);
    return encodeURIComponent(String(value));
  });
  const qs = new URLSearchParams();
  for (const [key, value] of Object.entries(query ?? {})) {
    if (value === undefined || value === '') continue;
    if (Array.isArray(value)) for (const item of value) qs.append(key, String(item));
    else qs.append(key, String(value as string | number | boolean));
  }
  const search = qs.toString();
  return path.slice(1) + (search ? `?${search}` : '');
}

/** The URL of a call relative to the API base, from its name and typed input. */
export function callPath(name: EndpointName, input: { params?: object; query?: Record<string, QueryValue> }) {
  return apiPath(name, (input.params ?? {}) as Record<string, string | number>, input.query);
}
