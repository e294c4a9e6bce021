/*
 * The browsers the e2e suite drives: Debian's builds of Chromium, installed by
 * scripts/ensure-chromium.mjs (Playwright can't download its own here).
 *
 * - The headless shell ("old headless", package chromium-headless-shell) runs every spec.
 *   It is the build Playwright itself uses for headless runs: no browser UI behind the page.
 *   The same specs took 40 % less CPU in it than in the full browser's headless mode, and
 *   the whole suite 7.1 instead of 11.3 minutes on this 2-core machine (record 080).
 * - The full browser (package chromium) runs what the shell lacks: desktop notifications
 *   (e2e/alerts.spec.ts). bench:ui and the screenshots use it too: what a person sees.
 */
export const HEADLESS_SHELL = '/usr/bin/chromium-headless-shell';
export const FULL_CHROMIUM = process.env.CHROMIUM_PATH ?? '/usr/bin/chromium';

/** The flags of the developers' guide, for either build. */
export const LAUNCH_ARGS = [
  '--no-sandbox',
  '--disable-gpu',
  '--disable-background-networking',
  '--disable-component-update',
  '--disable-sync',
  '--no-first-run',
  '--disable-quic',
];
