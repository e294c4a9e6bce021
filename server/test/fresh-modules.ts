import { vi } from 'vitest';

/*
 * The server's test files share a worker process (vitest.config.ts, isolate: false), but not
 * our modules: before each file, the module registry is emptied, so the file evaluates the
 * harness, its fixtures module (which registers the file's hooks) and the app again, as in a
 * process of its own. Packages (Hono, Kysely, the database drivers) stay loaded: loading them
 * again for every file was most of the server suites' import time (122 → 67 s, record 071).
 */
vi.resetModules();
