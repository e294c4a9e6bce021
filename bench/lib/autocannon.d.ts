/* The part of autocannon 9's API the load bench uses (the package ships no types). */
declare module 'autocannon' {
  interface Request {
    method?: string;
    path?: string;
    headers?: Record<string, string>;
    body?: string;
  }
  interface Options {
    url: string;
    connections?: number;
    duration?: number;
    timeout?: number;
    requests?: (Request & { setupRequest?: (req: Request) => Request })[];
  }
  interface Histogram {
    mean: number;
    max: number;
    p50: number;
    p90: number;
    p99: number;
  }
  interface Result {
    duration: number;
    requests: Histogram & { total: number; average: number };
    latency: Histogram;
    errors: number;
    timeouts: number;
    non2xx: number;
    [key: string]: unknown;
  }
  function autocannon(opts: Options): Promise<Result>;
  export default autocannon;
}
