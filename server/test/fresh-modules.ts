import { vi } from 'vitest';

/*
 * The server's test files share a worker process (vitest.config.ts, isolate: false), but not
 * our modules: before each file, the module registry is emptied, so the file evaluates the
 * harness, its fixtures module (which registers the file's hooks) and the app again, as in a
 * process of its own. Packages (Hono, Kysely, the database drivers) stay loaded: loading them
 * again for every file was most of the server suites' import time (122 → 67 s, record 071).
 */
vi.resetModules();

/*
 * Nor the fetch globals: a file that starts a real server (@hono/node-server) replaces the
 * global Request and Response with its lightweight ones for the rest of the process. In a
 * later file's in-process `app.request()`, reading an answer's body then rebuilds it from its
 * first headers, dropping those the app added in place (security-headers.ts), and the
 * file failed or passed by the order files ran in. Each file starts with the platform's own.
 */
const FETCH_GLOBALS = Symbol.for('bluetik.test.fetch-globals');
const store = globalThis as unknown as Record<symbol, { Request: typeof Request; Response: typeof Response }>;
store[FETCH_GLOBALS] ??= { Request: globalThis.Request, Response: globalThis.Response };
for (const [name, value] of Object.entries(store[FETCH_GLOBALS]))
  Object.defineProperty(globalThis, name, { value, writable: true, configurable: true });
