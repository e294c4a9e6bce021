// Playwright cannot download its own browser here, so the e2e suite drives Debian's
// Chromium; the print spec reads the PDFs it prints with poppler's pdftotext (issue 16).
// Both are installed here before the suite runs (scripts/lib/debian-package.mjs).
import { ensureDebianPackage } from './lib/debian-package.mjs';

ensureDebianPackage(process.env.CHROMIUM_PATH ?? '/usr/bin/chromium', 'chromium', 'Chromium');
ensureDebianPackage('/usr/bin/pdftotext', 'poppler-utils', 'pdftotext (poppler-utils)');
