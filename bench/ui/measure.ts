import { loadavg } from 'node:os';
import { join } from 'node:path';
import type { Browser, BrowserContext, Page } from '@playwright/test';
import { ROOT } from './servers';
import { FULL_CHROMIUM, LAUNCH_ARGS as E2E_LAUNCH_ARGS } from '../../e2e/browsers';

/* bench:ui's measuring kit: the figures, the browser context with the harness, one measured key. */

// ---- Figures.
export const quantile = (values: number[], q: number) => {
  const sorted = [...values].sort((a, b) => a - b);
  return sorted[Math.min(sorted.length - 1, Math.max(0, Math.ceil(q * sorted.length) - 1))] ?? NaN;
};
export const ms = (n: number) => (Number.isFinite(n) ? `${n >= 100 ? n.toFixed(0) : n.toFixed(1)} ms` : '–');
export const mb = (bytes: number) => `${(bytes / 2 ** 20).toFixed(1)} MB`;
export const load = () =>
  loadavg()
    .map((n) => n.toFixed(2))
    .join(' / ');

export interface Sample {
  /** Key event → rows painted. */
  total: number;
  /** The longest task (> 50 ms, Long Tasks API) overlapping key → painted; 0 when none. */
  longest?: number;
  /** Key event → every row of the page painted (the rows below the screen come frames later). */
  whole?: number;
  /** Key event → the rows in the DOM (before the frame). */
  dom: number;
  /** The list call sent (Resource Timing start) → painted (search only): the list's own part. */
  afterSend?: number;
  /** The list call: request start → response end (ms), if one was made. */
  request?: number;
  /** Response end → painted. */
  render?: number;
  /** The same instants on the page's clock (performance.now()), for a trace's breakdown. */
  at?: { key: number; responseEnd?: number; painted: number };
}

export interface Result {
  key: { key: string; ts: number; now: number } | null;
  urlAt: number[];
  changedAt: number;
  paintedAt: number;
  wholeAt: number;
}

// ---- The browser: the full Chromium with the e2e suite's flags (what a person sees).
export const LAUNCH_ARGS = [...E2E_LAUNCH_ARGS, '--enable-precise-memory-info'];
export { FULL_CHROMIUM };
export const HARNESS = join(ROOT, 'bench', 'ui', 'harness.js');
export const VIEWPORT = { width: 1280, height: 800 };

export async function newContext(
  browser: Browser,
  storageState?: Awaited<ReturnType<BrowserContext['storageState']>>,
) {
  const context = await browser.newContext({ viewport: VIEWPORT, storageState });
  await context.addInitScript({ path: HARNESS });
  return context;
}

/** Arms the watcher, runs `act` (the key), answers the measured result. */
export async function measure(
  page: Page,
  kind: 'ours' | 'aggrid',
  act: () => Promise<void>,
  what: string = kind,
  urlIncludes = '',
): Promise<Result> {
  await page.evaluate(([k, url]) => window.__bench.arm(k, { urlIncludes: url }), [
    kind,
    urlIncludes,
  ] as const);
  await act();
  try {
    return (await page.evaluate(() => window.__bench.wait())) as Result;
  } catch (error) {
    throw new Error(`bench:ui: ${what}: ${error instanceof Error ? error.message : String(error)}`);
  }
}

declare global {
  interface Window {
    __bench: {
      arm: (kind: 'ours' | 'aggrid', options?: { timeoutMs?: number; urlIncludes?: string }) => boolean;
      wait: () => Promise<unknown>;
      mark: () => void;
      longtasks: (from: number, to: number) => { count: number; totalMs: number; max: number };
      requests: (
        from: number,
        pattern: string,
      ) => { name: string; start: number; requestStart: number; responseEnd: number }[];
    };
  }
}

/** Stops the run with a message. */
export function fail(message: string): never {
  throw new Error(`bench:ui: ${message}`);
}
