/*
 * A small HTTP client for timing: one keep-alive connection (node:http, so the client
 * adds little to what is timed). Sign in with session.ts; reads need only its token.
 */
import http from 'node:http';

const agent = new http.Agent({ keepAlive: true, maxSockets: 1 });

export interface Answer {
  status: number;
  body: string;
  headers: http.IncomingHttpHeaders;
  ms: number;
}

/** One request; `ms` runs from sending to the last byte of the body. */
export function request(
  origin: string,
  path: string,
  opts: { method?: string; headers?: Record<string, string>; body?: string } = {},
): Promise<Answer> {
  return new Promise((done, fail) => {
    const started = performance.now();
    const req = http.request(
      new URL(path, origin),
      { method: opts.method ?? 'GET', headers: opts.headers, agent },
      (res) => {
        const chunks: Buffer[] = [];
        res.on('data', (c: Buffer) => chunks.push(c));
        res.on('end', () =>
          done({
            status: res.statusCode ?? 0,
            body: Buffer.concat(chunks).toString('utf8'),
            headers: res.headers,
            ms: performance.now() - started,
          }),
        );
        res.on('error', fail);
      },
    );
    req.on('error', fail);
    req.end(opts.body);
  });
}

/** Closes the kept-alive connection so the process can exit. */
export function closeClient() {
  agent.destroy();
}
