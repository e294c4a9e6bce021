import { Agent, request, type Server } from 'node:http';
import { connect } from 'node:net';
import type { AddressInfo } from 'node:net';
import { serve } from '@hono/node-server';
import { Hono } from 'hono';
import { afterEach, describe, expect, it } from 'vitest';
import { gracefulShutdown } from './graceful';

/*
 * Clean shutdown as server/index.ts runs it on SIGTERM, over a real socket: requests in
 * the server's hands are answered, new connections are refused, keep-alive clients
 * don't hold the close open. (npm run test:crash does the same against the built
 * server process, with 50 writers in flight, and checks its exit code.)
 */

interface Answer {
  status: number;
  connection: string | undefined;
  body: string;
}

function get(port: number, path: string, agent: Agent): Promise<Answer> {
  return new Promise((resolve, reject) => {
    const req = request({ host: '127.0.0.1', port, path, agent }, (res) => {
      let body = '';
      res.on('data', (d: Buffer) => (body += d.toString()));
      res.on('end', () => resolve({ status: res.statusCode ?? 0, connection: res.headers.connection, body }));
    });
    req.on('error', reject);
    req.end();
  });
}

function canConnect(port: number): Promise<boolean> {
  return new Promise((resolve) => {
    const s = connect(port, '127.0.0.1');
    s.once('connect', () => {
      s.destroy();
      resolve(true);
    });
    s.once('error', () => resolve(false));
  });
}

let cleanup: (() => void) | undefined;
afterEach(() => cleanup?.());

async function start(graceMs: number) {
  const release: (() => void)[] = [];
  let entered!: () => void;
  const slowEntered = new Promise<void>((r) => (entered = r));
  const app = new Hono();
  app.get('/fast', (c) => c.text('fast'));
  app.get('/slow', async (c) => {
    entered();
    await new Promise<void>((r) => release.push(r));
    return c.text('slow done');
  });
  const closer = gracefulShutdown({ graceMs });
  const server = await new Promise<Server>((resolve) => {
    const s = serve({ fetch: closer.track(app.fetch), port: 0, hostname: '127.0.0.1' }, () =>
      resolve(s as Server),
    );
  });
  closer.attach(server);
  const port = (server.address() as AddressInfo).port;
  const agent = new Agent({ keepAlive: true });
  cleanup = () => {
    agent.destroy();
    server.close();
  };
  return { closer, port, agent, slowEntered, release: () => release.forEach((r) => r()) };
}

describe('graceful close', () => {
  it('answers the request in flight, refuses new connections and ends keep-alive connections', async () => {
    const { closer, port, agent, slowEntered, release } = await start(200);

    // An idle keep-alive connection (a finished request) and a request still running.
    expect((await get(port, '/fast', new Agent({ keepAlive: true }))).status).toBe(200);
    const slow = get(port, '/slow', agent);
    await slowEntered;
    expect(closer.inFlight()).toBe(1);

    let closed = false;
    const closing = closer.close().then(() => (closed = true));
    expect(await canConnect(port)).toBe(false);
    await new Promise((r) => setTimeout(r, 50));
    expect(closed).toBe(false); // still waiting for the request in flight

    release();
    const answer = await slow;
    expect(answer).toEqual({ status: 200, connection: 'close', body: 'slow done' });
    const t0 = performance.now();
    await closing;
    // Without Connection: close the keep-alive socket would hold close() for 5 s; the idle
    // one ends after the grace.
    expect(performance.now() - t0).toBeLessThan(1000);
    expect(closer.inFlight()).toBe(0);
  });

  it('answers a request sent on an idle keep-alive connection just after close()', async () => {
    const { closer, port, agent } = await start(500);
    expect((await get(port, '/fast', agent)).connection).toBe('keep-alive');
    const closing = closer.close();
    expect(await canConnect(port)).toBe(false);
    // The agent reuses its open connection: the request is served, and the connection ends.
    expect(await get(port, '/fast', agent)).toEqual({ status: 200, connection: 'close', body: 'fast' });
    const t0 = performance.now();
    await closing;
    expect(performance.now() - t0).toBeLessThan(1000);
  });

  it('closes at once when no connection is open', async () => {
    const { closer, port } = await start(5000);
    const t0 = performance.now();
    await closer.close();
    expect(performance.now() - t0).toBeLessThan(1000);
    expect(await canConnect(port)).toBe(false);
  });

  it('keeps going until a handler whose client hung up has finished (the database stays open)', async () => {
    const { closer, port, slowEntered, release } = await start(200);
    const req = request({ host: '127.0.0.1', port, path: '/slow' });
    req.on('error', () => undefined);
    req.end();
    await slowEntered;
    req.destroy(); // the client leaves; its handler is still at work

    let closed = false;
    const closing = closer.close().then(() => (closed = true));
    await new Promise((r) => setTimeout(r, 300));
    expect(closed).toBe(false);
    expect(closer.inFlight()).toBe(1);
    release();
    await closing;
    expect(closer.inFlight()).toBe(0);
  });
});
