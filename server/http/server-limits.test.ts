import type { Server } from 'node:http';
import { connect, type AddressInfo, type Socket } from 'node:net';
import { serve } from '@hono/node-server';
import { Hono } from 'hono';
import { afterEach, describe, expect, it } from 'vitest';
import type { HttpLimits } from '../env';
import { createTestServer } from '../test/harness';
import { applyServerLimits, serverOptions } from './server-limits';

/*
 * Slow and numerous clients over a real socket (issue 23), with limits far below the
 * defaults so each test ends in well under a second; a limit that did not apply would
 * leave Node's own (60 s for a head, 5 min for a request) and the test would time out.
 */

const LIMITS: HttpLimits = {
  headersTimeoutMs: 300,
  requestTimeoutMs: 600,
  keepAliveTimeoutMs: 200,
  maxConnections: 2,
};

let server: Server | undefined;
afterEach(async () => {
  const s = server;
  server = undefined;
  s?.closeAllConnections();
  await new Promise<void>((resolve) => (s ? s.close(() => resolve()) : resolve()));
});

function plainApp() {
  const app = new Hono();
  app.get('/', (c) => c.text('ok'));
  app.post('/', async (c) => c.text(`got ${(await c.req.text()).length}`));
  // The body read fails when the server closes the connection; nobody is left to answer.
  app.onError((_err, c) => c.text('gone', 400));
  return app;
}

async function start(
  limits = LIMITS,
  fetch: (req: Request) => Response | Promise<Response> = plainApp().fetch,
): Promise<number> {
  server = await new Promise<Server>((resolve) => {
    const s = serve({ fetch, port: 0, hostname: '127.0.0.1', serverOptions: serverOptions(limits) }, () =>
      resolve(s as Server),
    ) as Server;
  });
  applyServerLimits(server, limits);
  return (server.address() as AddressInfo).port;
}

/** A raw connection: what it received, and a promise of everything it received until it closed. */
function open(port: number): Promise<{ socket: Socket; received: () => string; closed: Promise<string> }> {
  return new Promise((resolve) => {
    let data = '';
    const socket = connect(port, '127.0.0.1');
    socket.on('data', (d: Buffer) => (data += d.toString()));
    socket.on('error', () => undefined);
    const closed = new Promise<string>((done) => socket.on('close', () => done(data)));
    socket.once('connect', () => resolve({ socket, received: () => data, closed }));
  });
}

/** Resolves once `conn` has received a whole answer (the body `text`). */
function answered(conn: { socket: Socket; received: () => string }, text: string): Promise<string> {
  return new Promise((resolve) => {
    const check = () => {
      if (conn.received().includes(text)) {
        conn.socket.off('data', check);
        resolve(conn.received());
      }
    };
    conn.socket.on('data', check);
    check();
  });
}

describe('the HTTP server limits', () => {
  it('closes a connection whose request head never completes, with 408', async () => {
    const conn = await open(await start());
    conn.socket.write('GET / HTTP/1.1\r\nHost: localhost\r\nX-Slow: ');
    expect(await conn.closed).toMatch(/^HTTP\/1\.1 408/);
  });

  it('closes a request whose body never completes, with 408', async () => {
    const conn = await open(await start());
    conn.socket.write('POST / HTTP/1.1\r\nHost: localhost\r\nContent-Length: 100\r\n\r\n0123456789');
    expect(await conn.closed).toMatch(/^HTTP\/1\.1 408/);
  });

  it('closes an idle keep-alive connection after its timeout', async () => {
    const conn = await open(await start());
    conn.socket.write('GET / HTTP/1.1\r\nHost: localhost\r\n\r\n');
    expect(await answered(conn, 'ok')).toMatch(/^HTTP\/1\.1 200/);
    expect(await conn.closed).toMatch(/^HTTP\/1\.1 200[\s\S]*ok$/);
  });

  it('closes connections past the cap as they arrive, and serves again once one has gone', async () => {
    const port = await start({ ...LIMITS, keepAliveTimeoutMs: 60_000 });
    const held = [await open(port), await open(port)];
    for (const conn of held) {
      conn.socket.write('GET / HTTP/1.1\r\nHost: localhost\r\n\r\n');
      await answered(conn, 'ok');
    }
    const refused = await open(port);
    refused.socket.write('GET / HTTP/1.1\r\nHost: localhost\r\n\r\n');
    expect(await refused.closed).toBe('');

    held[0]!.socket.destroy();
    await held[0]!.closed;
    const next = await open(port);
    next.socket.write('GET / HTTP/1.1\r\nHost: localhost\r\nConnection: close\r\n\r\n');
    expect(await next.closed).toMatch(/^HTTP\/1\.1 200[\s\S]*ok$/);
  });
});

describe('the app behind those limits', () => {
  it('answers a body cut off by the request timeout without logging a failure', async () => {
    const t = await createTestServer({}, { orders: 10 });
    try {
      let handled!: () => void;
      const done = new Promise<void>((resolve) => (handled = resolve));
      const port = await start(LIMITS, async (req) => {
        try {
          return await t.app.fetch(req);
        } finally {
          handled();
        }
      });
      const conn = await open(port);
      conn.socket.write(
        'POST /api/accounts/login HTTP/1.1\r\nHost: localhost\r\nContent-Type: application/json\r\n' +
          'Content-Length: 100\r\n\r\n{"username":',
      );
      expect(await conn.closed).toMatch(/^HTTP\/1\.1 408/);
      await done;
      expect(t.logger.entries.filter((e) => e.level === 'error')).toEqual([]);
    } finally {
      await t.close();
    }
  });
});
