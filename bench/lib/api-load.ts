/*
 * The mixed-read load, run by bench/api.ts as a SECOND process (so the load generator
 * does not share the server's event loop):
 *
 *   tsx bench/lib/api-load.ts <plan.json>
 *
 * The plan names the server, connections, duration and the request mix (path + headers,
 * already signed in). Each request picks the next entry of the mix at random (seeded),
 * so the 50 connections do not walk one sequence in step. Prints one JSON line: what
 * autocannon measured.
 */
import { readFileSync } from 'node:fs';
import autocannon from 'autocannon';
import { prng } from './generate';

export interface LoadPlan {
  origin: string;
  connections: number;
  durationSeconds: number;
  mix: { path: string; headers: Record<string, string> }[];
  seed: number;
}

export interface LoadResult {
  requests: number;
  durationSeconds: number;
  requestsPerSecond: number;
  latencyMs: { p50: number; p90: number; p99: number; max: number; mean: number };
  errors: number;
  timeouts: number;
  non2xx: number;
  statusCounts: Record<string, number>;
}

const plan = JSON.parse(readFileSync(process.argv[2]!, 'utf8')) as LoadPlan;
const random = prng(plan.seed);

const result = await autocannon({
  url: plan.origin,
  connections: plan.connections,
  duration: plan.durationSeconds,
  timeout: 10,
  requests: [
    {
      method: 'GET',
      setupRequest: (req) => {
        const pick = random.pick(plan.mix);
        return { ...req, method: 'GET', path: pick.path, headers: pick.headers };
      },
    },
  ],
});

const statusCounts: Record<string, number> = {};
for (const [key, value] of Object.entries(result)) {
  const m = /^(\d)xx$/.exec(key);
  if (m && typeof value === 'number' && value > 0) statusCounts[key] = value;
}
const out: LoadResult = {
  requests: result.requests.total,
  durationSeconds: result.duration,
  requestsPerSecond: result.requests.total / result.duration,
  latencyMs: {
    p50: result.latency.p50,
    p90: result.latency.p90,
    p99: result.latency.p99,
    max: result.latency.max,
    mean: result.latency.mean,
  },
  errors: result.errors,
  timeouts: result.timeouts,
  non2xx: result.non2xx,
  statusCounts,
};
console.log(JSON.stringify(out));
