/*
 * Failed sign-in counting (DECISIONS §3): per account (its ten digits) and per client
 * address, 5 failures within 15 minutes lock further attempts until the oldest of them
 * leaves the window. In memory, bounded: at most `maxFailures` timestamps per key and
 * `maxKeys` keys, the least recently touched dropped first. One process holds the state,
 * which suits the single-node deployment this product ships as.
 */

/** Failed-sign-in limiter. */
export interface LoginLimiter {
  /** Whether either key is locked now. */
  isLocked(account: string, address: string): boolean;
  recordFailure(account: string, address: string): void;
  /** A successful sign-in clears that account's failures (not the address's). */
  clearAccount(account: string): void;
}

/** Options for {@link createLoginLimiter}. */
export interface LoginLimiterOptions {
  maxFailures?: number;
  windowMs?: number;
  maxKeys?: number;
  clock?: () => number;
}

/** Builds a limiter; defaults: 5 failures per 15 minutes, 50,000 tracked keys. */
export function createLoginLimiter(opts: LoginLimiterOptions = {}): LoginLimiter {
  const maxFailures = opts.maxFailures ?? 5;
  const windowMs = opts.windowMs ?? 15 * 60_000;
  const maxKeys = opts.maxKeys ?? 50_000;
  const clock = opts.clock ?? Date.now;
  const failures = new Map<string, number[]>();

  const recent = (key: string, now: number): number[] => {
    const list = failures.get(key);
    if (!list) return [];
    const live = list.filter((t) => now - t < windowMs);
    if (live.length === 0) failures.delete(key);
    else if (live.length !== list.length) failures.set(key, live);
    return live;
  };

  const add = (key: string, now: number) => {
    const list = recent(key, now);
    list.push(now);
    // Re-insert so Map order is least-recently-touched first.
    failures.delete(key);
    failures.set(key, list.slice(-maxFailures));
    while (failures.size > maxKeys) {
      const oldest = failures.keys().next().value;
      if (oldest === undefined) break;
      failures.delete(oldest);
    }
  };

  const accountKey = (a: string) => `acct:${a}`;
  const addressKey = (a: string) => `addr:${a}`;

  return {
    isLocked(account, address) {
      const now = clock();
      return (
        recent(accountKey(account), now).length >= maxFailures ||
        recent(addressKey(address), now).length >= maxFailures
      );
    },
    recordFailure(account, address) {
      const now = clock();
      add(accountKey(account), now);
      add(addressKey(address), now);
    },
    clearAccount(account) {
      failures.delete(accountKey(account));
    },
  };
}
