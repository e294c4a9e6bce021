import { defineConfig } from 'vitest/config';
import react from '@vitejs/plugin-react';

/*
 * Three projects (ARCHITECTURE "Tests live next to what they test"): contract and
 * server in Node, app in jsdom with MSW. The server project runs once on SQLite and,
 * when TEST_DATABASE_URL is set, again on PostgreSQL with the same files.
 */
const pg = process.env.TEST_DATABASE_URL;

export default defineConfig({
  test: {
    projects: [
      { test: { name: 'contract', environment: 'node', include: ['contract/**/*.test.ts'] } },
      {
        test: {
          name: 'server',
          environment: 'node',
          include: ['server/**/*.test.ts'],
          env: { TEST_DB: 'sqlite' },
          testTimeout: 20_000,
        },
      },
      ...(pg
        ? [
            {
              test: {
                name: 'server-pg',
                environment: 'node',
                include: ['server/**/*.test.ts'],
                env: { TEST_DB: 'postgres', TEST_DATABASE_URL: pg },
                testTimeout: 20_000,
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
        },
      },
    ],
  },
});
