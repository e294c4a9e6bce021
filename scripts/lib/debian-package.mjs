// Tools the tests drive that npm can't bring (a browser, a PDF reader) come from Debian's
// packages. This installs one when it can (root with apt), otherwise stops with the exact
// command to run.
import { existsSync } from 'node:fs';
import { execSync } from 'node:child_process';

/** Makes sure `binary` exists, installing Debian's `pkg` for it when missing. */
export function ensureDebianPackage(binary, pkg, what) {
  if (existsSync(binary)) return;
  const isRoot = typeof process.getuid === 'function' && process.getuid() === 0;
  let hasApt = false;
  try {
    execSync('command -v apt-get', { stdio: 'ignore', shell: '/bin/sh' });
    hasApt = true;
  } catch {
    hasApt = false;
  }
  if (isRoot && hasApt) {
    console.log(`${what} not found at ${binary}; installing Debian's ${pkg} package…`);
    execSync(`apt-get update && apt-get install -y ${pkg}`, {
      stdio: 'inherit',
      shell: '/bin/sh',
      env: { ...process.env, DEBIAN_FRONTEND: 'noninteractive' },
    });
    if (existsSync(binary)) return;
  }
  console.error(
    `${what} is missing at ${binary}. Install it, then run the tests again:\n\n` +
      `  sudo apt-get update && sudo apt-get install -y ${pkg}\n`,
  );
  process.exit(1);
}
