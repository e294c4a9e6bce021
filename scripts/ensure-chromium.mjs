// Playwright cannot download its own browser here, so the e2e suite drives Debian's
// Chromium builds: the headless shell for every spec, the full browser where the shell lacks
// something and for bench:ui (e2e/browsers.ts); the print spec reads the PDFs it prints with poppler's pdftotext (issue 16).
// Telugu and Hindi screens (issue 17) need Noto's Telugu and Devanagari faces: Debian's
// Chromium brings no font for them (tofu boxes in screenshots and PDFs without them). All
// are installed here before the suite runs (scripts/lib/debian-package.mjs).
import { ensureDebianPackage } from './lib/debian-package.mjs';

ensureDebianPackage(process.env.CHROMIUM_PATH ?? '/usr/bin/chromium', 'chromium', 'Chromium');
ensureDebianPackage(
  '/usr/bin/chromium-headless-shell',
  'chromium-headless-shell',
  "Chromium's headless shell",
);
ensureDebianPackage('/usr/bin/pdftotext', 'poppler-utils', 'pdftotext (poppler-utils)');
ensureDebianPackage(
  '/usr/share/fonts/truetype/noto/NotoSansTelugu-Regular.ttf',
  'fonts-noto-core',
  'Noto fonts for Telugu and Devanagari (fonts-noto-core)',
);
