import { Agent, request, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { serve } from '@hono/node-server';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { anonymousCsrf, authHeaders, createTestServer, type TestServer } from '../test/harness';
import { MAX_BODY_BYTES } from './json-bounds';

/*
 * Answers sent before the body was read, over real keep-alive connections: the client
 * must never lose the request it sends next (issue 19, "clean early answers").
 */

let t: TestServer;
let server: Server;
let port: number;

beforeAll(async () => {
  t = await createTestServer({}, { orders: 20 });
  server = await new Promise<Server>((resolve) => {
    const s = serve({ fetch: t.app.fetch, port: 0, hostname: '127.0.0.1' }, () => resolve(s as Server));
  });
  port = (server.address() as AddressInfo).port;
});
afterAll(async () => {
  await new Promise((r) => server.close(r));
  await t.close();
});

interface Sent {
  method: string;
  path: string;
  headers?: Record<string, string>;
  body?: Buffer;
}
interface Got {
  status: number | string;
  connection: string | undefined;
  envelope: boolean;
}

function send(agent: Agent, r: Sent): Promise<Got> {
  return new Promise((resolve) => {
    const headers = { ...r.headers, ...(r.body ? { 'content-length': String(r.body.length) } : {}) };
    const req = request(
      { host: '127.0.0.1', port, agent, method: r.method, path: r.path, headers },
      (res) => {
        let text = '';
        res.on('data', (d: Buffer) => (text += d.toString()));
        res.on('end', () => {
          let envelope = false;
          try {
            envelope = 'isSuccess' in (JSON.parse(text) as object);
          } catch {
            envelope = false;
          }
          resolve({ status: res.statusCode ?? 0, connection: res.headers.connection, envelope });
        });
      },
    );
    // The early answer may arrive while the client still writes its body; the answer counts.
    req.on('error', (err: NodeJS.ErrnoException) =>
      resolve({ status: err.code ?? 'error', connection: undefined, envelope: false }),
    );
    req.end(r.body);
  });
}

const json = { 'content-type': 'application/json' };
/** Requests answered before their body is read, one of each kind. */
const EARLY: Sent[] = [
  {
    method: 'POST',
    path: '/api/orders/upsertorder',
    headers: json,
    body: Buffer.alloc(MAX_BODY_BYTES + 100_000, 'a'),
  },
  {
    method: 'POST',
    path: '/api/orders/upsertorder',
    headers: { 'content-type': 'text/plain' },
    body: Buffer.alloc(20_000, 'a'),
  },
  {
    method: 'POST',
    path: '/api/orders/upsertorder',
    headers: json,
    body: Buffer.from(JSON.stringify({ id: 1 })),
  },
  { method: 'POST', path: '/api/nothing/here', headers: json, body: Buffer.alloc(50_000, ' ') },
];
const EXPECTED_EARLY = [413, 415, 403, 404];

describe('answers sent before the body was read', () => {
  it('say Connection: close, and a keep-alive client loses none of its next requests', async () => {
    const agent = new Agent({ keepAlive: true, maxSockets: 4 });
    const others: Got[] = [];
    const early: Got[] = [];
    for (let i = 0; i < 1000; i += 4) {
      const batch = [0, 1, 2, 3].map((k) => i + k);
      const answers = await Promise.all(
        batch.map((n) =>
          n % 10 === 0
            ? send(agent, EARLY[(n / 10) % EARLY.length]!)
            : send(agent, { method: 'GET', path: '/api/health' }),
        ),
      );
      batch.forEach((n, k) => (n % 10 === 0 ? early : others).push(answers[k]!));
    }
    agent.destroy();
    expect(others).toHaveLength(900);
    expect(others.filter((a) => a.status !== 200 || !a.envelope)).toEqual([]);
    expect(early).toHaveLength(100);
    expect(early.map((a) => a.status)).toEqual(early.map((_, n) => EXPECTED_EARLY[n % EARLY.length]));
    expect(early.every((a) => a.envelope)).toBe(true);
    // 413 and 415 come before the body is read; the JSON bound check reads a JSON body
    // of at most 1 MB before anything else, so a 403 or 404 after it keeps the connection.
    const connectionOf = (status: number | string) => early.find((a) => a.status === status)?.connection;
    expect(EXPECTED_EARLY.map(connectionOf)).toEqual(['close', 'close', 'keep-alive', 'keep-alive']);
  });

  it('keep the connection open when the body was read, even to refuse it', async () => {
    const headers = { ...json, ...authHeaders({ csrf: await anonymousCsrf(t.app) }) };
    const agent = new Agent({ keepAlive: true, maxSockets: 1 });
    const broken = await send(agent, {
      method: 'POST',
      path: '/api/accounts/login',
      headers,
      body: Buffer.from('{"username": 5'),
    });
    const invalid = await send(agent, {
      method: 'POST',
      path: '/api/accounts/login',
      headers,
      body: Buffer.from('{}'),
    });
    agent.destroy();
    expect([broken.status, invalid.status]).toEqual([400, 400]);
    expect([broken.connection, invalid.connection]).toEqual(['keep-alive', 'keep-alive']);
  });
});
