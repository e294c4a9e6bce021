import { chromium } from '@playwright/test';
import { FULL_CHROMIUM, LAUNCH_ARGS } from '../../e2e/browsers';

/*
 * Lighthouse for bench:bundle (bench/bundle.ts): one run in a fresh Chromium profile, the
 * signed-in session written into it first, since Lighthouse can't send local storage.
 */

/** Debian's full Chromium with the e2e suite's flags, in its own headless mode (e2e/browsers.ts). */
export const CHROMIUM = FULL_CHROMIUM;
export const CHROME_FLAGS = ['--headless=new', '--disable-dev-shm-usage', ...LAUNCH_ARGS];

/** What the bench keeps of a Lighthouse run. */
export interface LighthouseFigures {
  score: number;
  lcp: number;
  tbt: number;
  cls: number;
  fcp: number;
}

/** One Lighthouse run (desktop preset) on `origin + path` in a fresh Chromium profile, with `session` in local storage. */
export async function lighthouseRun(
  origin: string,
  path: string,
  session: Record<string, string> | null,
): Promise<LighthouseFigures> {
  const { default: lighthouse } = await import('lighthouse');
  const { default: desktopConfig } = await import('lighthouse/core/config/desktop-config.js');
  const chromeLauncher = await import('chrome-launcher');
  const chrome = await chromeLauncher.launch({ chromePath: CHROMIUM, chromeFlags: CHROME_FLAGS });
  try {
    if (session) {
      // Write the session into this fresh profile from a page that loads no app code.
      const cdp = await chromium.connectOverCDP(`http://127.0.0.1:${chrome.port}`);
      const page = await cdp.contexts()[0]!.newPage();
      await page.goto(`${origin}/api/health`);
      await page.evaluate((s: Record<string, string>) => {
        for (const [k, v] of Object.entries(s)) localStorage.setItem(k, v);
      }, session);
      await page.close();
      await cdp.close();
    }
    const result = await lighthouse(
      `${origin}${path}`,
      { port: chrome.port, output: 'json', logLevel: 'error', disableStorageReset: true },
      desktopConfig,
    );
    if (!result) throw new Error('Lighthouse returned nothing');
    const { lhr } = result;
    if (lhr.runtimeError) throw new Error(`Lighthouse: ${lhr.runtimeError.message}`);
    const final = new URL(lhr.finalDisplayedUrl).pathname;
    if (final !== path) throw new Error(`Lighthouse landed on ${final}, not ${path}`);
    const audit = (id: string) => lhr.audits[id]?.numericValue ?? NaN;
    return {
      score: Math.round((lhr.categories.performance?.score ?? 0) * 100),
      lcp: audit('largest-contentful-paint'),
      tbt: audit('total-blocking-time'),
      cls: audit('cumulative-layout-shift'),
      fcp: audit('first-contentful-paint'),
    };
  } finally {
    chrome.kill();
  }
}

/** The median (the lower middle for an even count). */
export const median = (xs: number[]) => {
  const s = [...xs].sort((a, b) => a - b);
  return s[Math.floor((s.length - 1) / 2)]!;
};
