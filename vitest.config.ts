import { defineConfig } from 'vitest/config';
import react from '@vitejs/plugin-react';

/*
 * Three projects (ARCHITECTURE "Tests live next to what they test"): contract and
 * server in Node, app in jsdom with MSW. The server project runs once on SQLite and,
 * when TEST_DATABASE_URL is set, again on PostgreSQL with the same files.
 */
const pg = process.env.TEST_DATABASE_URL;
// Fuzz cases per route in the test run (npm run test:fuzz runs 1,000): 60 on SQLite, 10 on
// PostgreSQL, where each request costs round trips to the database. (They were cut to 30
// and 5 for CI's time on a slow day; the time was in fact the worst-case builder, fixed
// since: server/test/worst-cases.ts.)
const fuzzRuns = (fallback: number) => process.env.FUZZ_RUNS ?? String(fallback);

/** The server's files, run on either engine. */
const serverFiles = {
  environment: 'node' as const,
  include: ['server/**/*.test.ts'],
  // One process per worker instead of one per file; each file still evaluates the project's
  // modules afresh (fresh-modules.ts), so a fixtures module registers its hooks for every
  // file that imports it. Both server projects: 215 → 169 s.
  isolate: false,
  setupFiles: ['./server/test/fresh-modules.ts'],
  testTimeout: 20_000,
};

export default defineConfig({
  test: {
    // Vitest's default is one worker fewer than the cores: 1 on CI's 2-core machine. The
    // server files wait on argon2 (libuv threads) and PostgreSQL much of the time, so three
    // workers keep both cores busy (the whole run stays inside CI's 15 minutes).
    maxWorkers: 3,
    projects: [
      { test: { name: 'contract', environment: 'node', include: ['contract/**/*.test.ts'] } },
      {
        test: {
          ...serverFiles,
          name: 'server',
          env: { TEST_DB: 'sqlite', FUZZ_RUNS: fuzzRuns(60) },
          hookTimeout: 30_000,
        },
      },
      ...(pg
        ? [
            {
              test: {
                ...serverFiles,
                name: 'server-pg',
                env: { TEST_DB: 'postgres', TEST_DATABASE_URL: pg, FUZZ_RUNS: fuzzRuns(10) },
                hookTimeout: 60_000,
                // Makes the run's template databases, which each file's database is copied
                // from, and drops the run's databases when it ends.
                globalSetup: ['./server/test/pg-templates.ts'],
              },
            },
          ]
        : []),
      {
        plugins: [react()],
        test: {
          name: 'app',
          environment: 'jsdom',
          include: ['app/**/*.test.{ts,tsx}'],
          setupFiles: ['./app/test/setup.ts'],
          testTimeout: 15_000,
          // The app's files share a worker's modules (React, the router, the mocks) instead of
          // importing them again per file: the project took 131 s alone, 59 s this way, and
          // passed with the files shuffled. Each file still gets its own jsdom and setup file
          // (fresh mock store, query client and storage).
          isolate: false,
        },
      },
    ],
  },
});
