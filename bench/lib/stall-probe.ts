/*
 * How long one request keeps a server from answering anyone else (bench/stall.ts): while
 * the request runs, a prober asks GET /api/health again and again on its own keep-alive
 * connection, and the longest of those answers that overlapped the request is the stall.
 * A health answer takes about a millisecond, so a long one means the server's only thread
 * was busy with something else: parsing, validating, or a synchronous database call.
 */
import http from 'node:http';

/** What one timed request gave. */
export interface Timed {
  /** HTTP status, or 0 when the connection failed before an answer. */
  status: number;
  /** Error messages of the envelope (0 when there were none, no envelope, or a long answer). */
  messages: number;
  /** The first message, for the report. */
  firstMessage: string;
  /** From the first byte sent to the last byte of the answer. */
  ms: number;
  /** The longest /api/health answer that overlapped the request. */
  healthMs: number;
  /** Health answers that overlapped it. */
  probes: number;
}

const probeAgent = new http.Agent({ keepAlive: true, maxSockets: 1 });
/** Bytes of an answer read as text (its messages); a longer answer is counted, not kept. */
const KEEP_BYTES = 64 * 1024;

function once(origin: string, path: string, agent: http.Agent | false, opts: RequestOpts = {}) {
  return new Promise<{ status: number; text: string }>((done) => {
    const body = opts.body === undefined ? undefined : Buffer.from(opts.body);
    const req = http.request(
      new URL(path, origin),
      {
        method: opts.method ?? 'GET',
        agent,
        headers: {
          ...opts.headers,
          ...(body ? { 'Content-Type': 'application/json', 'Content-Length': String(body.length) } : {}),
        },
      },
      (res) => {
        // Only the start of an answer is kept: joining and decoding a 200 MB list here would
        // stall this process, and with it the prober's clock.
        const chunks: Buffer[] = [];
        let kept = 0;
        let complete = true;
        res.on('data', (c: Buffer) => {
          if (kept + c.length > KEEP_BYTES) complete = false;
          else {
            chunks.push(c);
            kept += c.length;
          }
        });
        res.on('end', () =>
          done({ status: res.statusCode ?? 0, text: complete ? Buffer.concat(chunks).toString('utf8') : '' }),
        );
        res.on('error', () => done({ status: res.statusCode ?? 0, text: '' }));
      },
    );
    // A server may answer (401, 413) before it has read the whole body and close the
    // connection: the answer, if any, has already been taken above.
    req.on('error', () => done({ status: 0, text: '' }));
    req.end(body);
  });
}

interface RequestOpts {
  method?: string;
  headers?: Record<string, string>;
  body?: string;
}

/** Answer times of /api/health alone: the floor under every stall figure. */
export async function healthFloor(origin: string, n: number): Promise<number[]> {
  const out: number[] = [];
  for (let i = 0; i < n; i++) {
    const t0 = performance.now();
    await once(origin, '/api/health', probeAgent);
    out.push(performance.now() - t0);
  }
  return out.sort((a, b) => a - b);
}

/** Sends one request while probing /api/health; resolves once both are done. */
export async function timedWithProbe(origin: string, path: string, opts: RequestOpts): Promise<Timed> {
  const spans: [number, number][] = [];
  let stop = false;
  let warmed!: () => void;
  const warm = new Promise<void>((resolve) => (warmed = resolve));
  const prober = (async () => {
    while (!stop) {
      const t0 = performance.now();
      await once(origin, '/api/health', probeAgent);
      spans.push([t0, performance.now()]);
      if (spans.length === 1) warmed();
    }
  })();
  await warm;
  const t0 = performance.now();
  // Its own connection, so nothing queues behind the prober's.
  const answer = await once(origin, path, false, opts);
  const t1 = performance.now();
  stop = true;
  await prober;
  const overlapping = spans.filter(([s, e]) => e >= t0 && s <= t1);
  let messages = 0;
  let firstMessage = '';
  try {
    const env = JSON.parse(answer.text) as { errorMessages?: unknown };
    if (Array.isArray(env.errorMessages)) {
      messages = env.errorMessages.length;
      firstMessage = String(env.errorMessages[0] ?? '');
    }
  } catch {
    // Not an envelope (a document, or no answer): no messages to count.
  }
  return {
    status: answer.status,
    messages,
    firstMessage,
    ms: t1 - t0,
    healthMs: Math.max(0, ...overlapping.map(([s, e]) => e - s)),
    probes: overlapping.length,
  };
}
