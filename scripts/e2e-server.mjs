// Starts the built server on a brand-new database for the e2e suite: the data folder
// is wiped first so every run signs in against the seed of DECISIONS §8.
import { rmSync } from 'node:fs';

const dir = process.env.DATA_DIR ?? '.data-e2e';
rmSync(dir, { recursive: true, force: true });
await import('../dist/server/index.js');
