import { ENDPOINTS } from '#contract/endpoints';
import { MAX_BODY_BYTES } from '../http/json-bounds';
import type { Sample } from './route-samples';

/*
 * The most expensive requests we know for each route (issue 23), for the stall bench
 * (bench/stall.ts, which times them against a running server) and the fuzz suite (which
 * checks their answers): a well-formed sample request with one field at a time made as
 * large and as list-like as the 1 MB body limit allows, plus bodies that are all
 * structure (many members, deep nesting) and the longest query strings a URL carries.
 * Each is near the limit but under it, so it reaches the route's validation.
 */

/** Bytes of body a worst case leaves unused under the limit (headroom for the sample's own fields). */
const BODY_HEADROOM = 4096;
/**
 * Characters of query string a worst GET carries: Node refuses request heads over 16 KB
 * (431), so half of that still reaches the route next to the other headers.
 */
export const WORST_QUERY_CHARS = 8 * 1024;
/** An id no table reaches, so the worst removal removes nothing. */
const MISSING_ID = 2_000_000_000;

/** One worst request: what it stresses, and what is sent. */
export interface WorstCase {
  /** E.g. 'orderItemsPrice: 131,071 bad entries'. */
  label: string;
  method: Sample['method'];
  /** The URL with /api and the query string. */
  url: string;
  /** Builds the JSON text sent (POST routes): a megabyte each, so only when it is sent. */
  body?: () => string;
}

/** `n` encoded 'id|field' entries whose second field no rule accepts: '1|x,2|x,…'. */
export function badEntries(n: number): string {
  const parts: string[] = new Array<string>(n);
  for (let i = 0; i < n; i++) parts[i] = `${i + 1}|x`;
  return parts.join(',');
}

/**
 * How many bad entries ('1|x,2|x,…') fit in `chars` characters: entry i takes its digits,
 * '|x' and a comma, counted a block of equally long numbers at a time (the fuzz suite asks
 * this for every case it runs, and a loop over 128,000 entries each time was most of it).
 */
function badEntriesWithin(chars: number): number {
  let n = 0;
  let used = -1; // the first entry has no comma before it
  for (let digits = 1; ; digits++) {
    const each = digits + 3;
    const count = 9 * 10 ** (digits - 1);
    if (used + count * each > chars) return n + Math.max(0, Math.floor((chars - used) / each));
    used += count * each;
    n += count;
  }
}

/** JSON text of an array of `n` empty objects: '[{},{},…]'. */
export function emptyObjects(n: number): string {
  return n === 0 ? '[]' : `[${'{},'.repeat(n - 1)}{}]`;
}

const thousands = (n: number) => n.toLocaleString('en-US');
const SENTINEL = '\u0001worst\u0001';
const SENTINEL_JSON = JSON.stringify(SENTINEL);

/** `base` as JSON with `key` holding the raw JSON text `raw`. */
function withRaw(base: Record<string, unknown>, key: string, raw: string): string {
  return JSON.stringify({ ...base, [key]: SENTINEL }).replace(SENTINEL_JSON, () => raw);
}

function worstBodies(sample: Sample, budget: number): WorstCase[] {
  const base = sample.body ?? {};
  const room = budget - JSON.stringify(base).length;
  const keys = Object.keys(base).length ? Object.keys(base) : ['name'];
  const post = (label: string, body: () => string): WorstCase => ({
    label,
    method: 'POST',
    url: sample.url,
    body,
  });
  const cases: WorstCase[] = [];
  const entries = badEntriesWithin(room);
  for (const key of keys) {
    cases.push(
      post(`${key}: ${thousands(entries)} bad entries`, () =>
        withRaw(base, key, JSON.stringify(badEntries(entries))),
      ),
    );
    const elements = Math.floor((room - 2) / 3);
    cases.push(
      post(`${key}: ${thousands(elements)} empty objects`, () => withRaw(base, key, emptyObjects(elements))),
    );
    cases.push(
      post(`${key}: ${thousands(room)} characters`, () =>
        withRaw(base, key, JSON.stringify('a'.repeat(room))),
      ),
    );
  }
  // Structure only: a member per 12 bytes, or arrays nested as deep as the budget allows.
  const members = Math.floor(room / 12);
  cases.push(
    post(`${thousands(members)} members`, () =>
      JSON.stringify(base).replace(
        /}$/,
        `,${Array.from({ length: members }, (_, i) => `"k${i}":0`).join(',')}}`,
      ),
    ),
  );
  const depth = Math.floor(room / 2);
  cases.push(
    post(`${thousands(depth)} nested arrays`, () =>
      withRaw(base, keys[0]!, '['.repeat(depth) + ']'.repeat(depth)),
    ),
  );
  return cases;
}

function worstQueries(sample: Sample): WorstCase[] {
  const get = (label: string, query: string): WorstCase => ({
    label,
    method: 'GET',
    url: query ? `${sample.url}?${query}` : sample.url,
  });
  const repeats = Math.floor(WORST_QUERY_CHARS / 'status=0&'.length);
  const values = Math.floor(WORST_QUERY_CHARS / 2);
  return [
    get('no query (the plain list)', ''),
    get(`q: ${thousands(WORST_QUERY_CHARS)} characters`, `q=${'a'.repeat(WORST_QUERY_CHARS)}`),
    get(`status: ${thousands(repeats)} repeats`, Array(repeats).fill('status=0').join('&')),
    get(`status: ${thousands(values)} values`, `status=${Array(values).fill('0').join(',')}`),
  ];
}

/**
 * The worst requests of one route, from its well-formed sample (route-samples.ts). A
 * removal names an id no table holds, so running the cases removes nothing.
 */
export function worstCases(sample: Sample, budget = MAX_BODY_BYTES - BODY_HEADROOM): WorstCase[] {
  if (sample.method === 'POST') return worstBodies(sample, budget);
  if (sample.method === 'GET') return worstQueries(sample);
  const url = `/api${ENDPOINTS[sample.name].path.replace(/:\w+/g, String(MISSING_ID))}`;
  return [{ label: 'an id no row has', method: 'DELETE', url }];
}
