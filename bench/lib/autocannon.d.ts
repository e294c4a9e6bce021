// autocannon 9 ships no types; this declares the part stress/load.ts and bench/lib/api-load.ts use.
declare module 'autocannon' {
  import type { EventEmitter } from 'node:events';

  namespace autocannon {
    interface RawRequest {
      method?: string;
      path?: string;
      headers?: Record<string, string>;
      body?: string;
    }
    interface Request extends RawRequest {
      /** Changes the request before it is sent; a falsy answer restarts the sequence. */
      setupRequest?: (req: RawRequest, context: Record<string, unknown>) => RawRequest | false;
    }
    interface Options {
      url: string;
      connections?: number;
      duration?: number;
      timeout?: number;
      headers?: Record<string, string>;
      requests?: Request[];
    }
    interface Histogram {
      p50: number;
      p90: number;
      p99: number;
      average: number;
      mean: number;
      max: number;
    }
    interface Result {
      /** Seconds the run lasted. */
      duration: number;
      errors: number;
      timeouts: number;
      non2xx: number;
      latency: Histogram;
      requests: Histogram & { total: number };
      statusCodeStats: Record<string, { count: number }>;
    }
    interface Instance extends EventEmitter {
      on(
        event: 'response',
        listener: (client: unknown, statusCode: number, resBytes: number, responseTime: number) => void,
      ): this;
      stop(): void;
    }
  }

  function autocannon(
    opts: autocannon.Options,
    cb: (err: Error | null, result: autocannon.Result) => void,
  ): autocannon.Instance;
  /** Without a callback: a promise of the result. */
  function autocannon(opts: autocannon.Options): Promise<autocannon.Result>;
  export default autocannon;
}
