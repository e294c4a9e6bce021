// Playwright cannot download its own browser here, so the e2e suite drives Debian's
// Chromium. This makes sure it is installed before the suite runs: it installs the
// package when it can (root with apt), otherwise stops with the exact command to run.
import { existsSync } from 'node:fs';
import { execSync } from 'node:child_process';

const CHROMIUM = process.env.CHROMIUM_PATH ?? '/usr/bin/chromium';

if (existsSync(CHROMIUM)) process.exit(0);

const isRoot = typeof process.getuid === 'function' && process.getuid() === 0;
let hasApt = false;
try {
  execSync('command -v apt-get', { stdio: 'ignore', shell: '/bin/sh' });
  hasApt = true;
} catch {
  hasApt = false;
}

if (isRoot && hasApt) {
  console.log(`Chromium not found at ${CHROMIUM}; installing Debian's chromium package…`);
  execSync('apt-get update && apt-get install -y chromium', {
    stdio: 'inherit',
    shell: '/bin/sh',
    env: { ...process.env, DEBIAN_FRONTEND: 'noninteractive' },
  });
  if (existsSync(CHROMIUM)) process.exit(0);
}

console.error(
  `Chromium is missing at ${CHROMIUM}. Install it, then run the tests again:\n\n` +
    `  sudo apt-get update && sudo apt-get install -y chromium\n\n` +
    `(or set CHROMIUM_PATH to an existing Chromium binary)`,
);
process.exit(1);
