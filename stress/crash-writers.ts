/*
 * The crash test's writers: what they write (bodies), the state of what was acknowledged,
 * one write, the loop of all writers during a round, and the read-back of every
 * acknowledged write. stress/crash.ts runs the rounds around them.
 */
import { apiCall, type ApiSession } from '../bench/harness/session';

/** What the writers share over the whole run. */
export interface WriteState {
  admin: ApiSession;
  writers: Writer[];
  roleRows: { id: number; name: string }[];
  /** Every create answered with success. */
  created: Created[];
  /** Writes answered with something other than success. */
  unexpected: string[];
  /** Why requests cut off by a kill or a shutdown failed (error codes). */
  failureKinds: Map<string, number>;
  /** Creates that got no answer or a server error: their names, to look up whether they were applied. */
  unanswered?: { kind: 'category' | 'item'; name: string }[];
  createSeq: number;
}

export type Kind =
  'createCategory' | 'createItem' | 'renameCategory' | 'renameItem' | 'updateOrder' | 'updateRole';

export interface Writer {
  index: number;
  kind: Kind;
  session: ApiSession;
  /** The row an update writer owns. */
  target?: number;
  seq: number;
  /** Last value answered with success, and the value in flight (unknown fate). */
  acked?: string;
  inFlight?: string;
}

export interface Created {
  kind: 'category' | 'item';
  id: number;
  name: string;
  round: number;
}

export const rand = (lo: number, hi: number) => lo + Math.floor(Math.random() * (hi - lo + 1));
export const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));

export function categoryBody(id: number | '', name: string) {
  return {
    id,
    name,
    subcategory: 'crash sub',
    description: 'written by the crash test',
    image: 'placeholder',
    associatedItems: '',
  };
}

export function itemBody(id: number | '', name: string) {
  return {
    id,
    name,
    description: 'written by the crash test',
    brand: 'Crash brand',
    category: 'Crash category',
    subCategory: 'Crash sub',
    qty: '1 kg',
    image: '',
    price: '10',
    mrp: '12',
  };
}

/** 2030-01-01 plus `seq` days: a new, ordered value for each update of an order. */
export function dateOf(seq: number): string {
  return new Date(Date.UTC(2030, 0, 1) + seq * 86_400_000).toISOString().slice(0, 10);
}

export function orderBody(id: number, seq: number) {
  return {
    id,
    status: 1,
    expecteddeliverydate: dateOf(seq),
    exphours: 1 + (seq % 12),
    expminutes: seq % 60,
    exptimeperiod: seq % 2 ? 'PM' : 'AM',
    deliveryprice: seq % 1000,
    issettled: 'No',
    cancelledreason: 0,
    orderUnAvailableUserItems: '',
    orderItemsPrice: '',
  };
}

export function fail(message: string): never {
  throw new Error(message);
}

export async function must(
  p: Promise<{ status: number; body: { isSuccess: boolean; result: unknown } | null }>,
) {
  const r = await p;
  if (r.status !== 200 || !r.body?.isSuccess)
    fail(`setup call failed: ${r.status} ${JSON.stringify(r.body)}`);
  return r.body.result as Record<string, unknown>;
}

/** One write of writer `w`; resolves true when answered with success. */
async function writeOnce(st: WriteState, w: Writer, round: number, base: string): Promise<boolean> {
  w.seq++;
  switch (w.kind) {
    case 'createCategory':
    case 'createItem': {
      const name = `crash r${round} w${w.index} n${++st.createSeq}`;
      const isCat = w.kind === 'createCategory';
      w.inFlight = name;
      const r = await apiCall(
        base,
        w.session,
        'POST',
        isCat ? 'categories/upsertcategory' : 'items/upsertitem',
        isCat ? categoryBody('', name) : itemBody('', name),
      );
      w.inFlight = undefined;
      if (r.status === 200 && r.body?.isSuccess) {
        st.created.push({ kind: isCat ? 'category' : 'item', id: r.body.result.id as number, name, round });
        return true;
      }
      st.unexpected.push(`${w.kind}: ${r.status} ${JSON.stringify(r.body?.errorMessages)}`);
      if (r.status >= 500) st.unanswered?.push({ kind: isCat ? 'category' : 'item', name });
      return false;
    }
    default: {
      const value =
        w.kind === 'renameCategory'
          ? `crash own category ${w.index} v${w.seq}`
          : w.kind === 'renameItem'
            ? `crash own item ${w.index} v${w.seq}`
            : w.kind === 'updateRole'
              ? `crash role v${w.seq}`
              : dateOf(w.seq);
      const [path, body] =
        w.kind === 'renameCategory'
          ? ['categories/upsertcategory', categoryBody(w.target!, value)]
          : w.kind === 'renameItem'
            ? ['items/upsertitem', itemBody(w.target!, value)]
            : w.kind === 'updateRole'
              ? [
                  'roles/upsertrole',
                  {
                    id: w.target!,
                    name: st.roleRows.find((r) => r.id === w.target)!.name,
                    description: value,
                  },
                ]
              : ['orders/upsertorder', orderBody(w.target!, w.seq)];
      w.inFlight = value;
      const r = await apiCall(base, w.session, 'POST', path, body);
      w.inFlight = undefined;
      if (r.status === 200 && r.body?.isSuccess) {
        w.acked = value;
        return true;
      }
      st.unexpected.push(`${w.kind}: ${r.status} ${JSON.stringify(r.body?.errorMessages)}`);
      return false;
    }
  }
}

/**
 * Runs every writer in a loop until `stop()`. A network failure ends a writer's loop (its
 * server is gone), unless `keepGoing` (a balancer in front: the next request goes elsewhere).
 */
export function runWriters(st: WriteState, round: number, base: string, opts: { keepGoing?: boolean } = {}) {
  let stopped = false;
  let acked = 0;
  let failedInFlight = 0;
  const loops = st.writers.map(async (w) => {
    while (!stopped) {
      try {
        // Its own answer: the shared list of creates may grow meanwhile by other writers'.
        if (await writeOnce(st, w, round, base)) acked++;
      } catch (err) {
        // The server died with this request in flight: its fate is unknown (inFlight kept).
        const cause = (err as { cause?: { code?: string; message?: string } }).cause;
        const why = cause?.code ?? cause?.message ?? String(err);
        st.failureKinds.set(why, (st.failureKinds.get(why) ?? 0) + 1);
        failedInFlight++;
        if (w.kind.startsWith('create') && w.inFlight) {
          st.unanswered?.push({ kind: w.kind === 'createCategory' ? 'category' : 'item', name: w.inFlight });
          w.inFlight = undefined;
        }
        if (!opts.keepGoing) return;
      }
    }
  });
  return {
    stop: () => {
      stopped = true;
    },
    acked: () => acked,
    done: Promise.all(loops).then(() => ({ acked, failedInFlight })),
  };
}

/** Reads back every write of `round` acknowledged so far and each owned row's value. */
export async function verify(
  st: WriteState,
  base: string,
  sinceRound: number,
): Promise<{ checked: number; missing: string[] }> {
  const missing: string[] = [];
  const jobs: (() => Promise<void>)[] = [];
  for (const c of st.created.filter((x) => x.round >= sinceRound)) {
    jobs.push(async () => {
      const path = c.kind === 'category' ? `categories/getcategorybyid/${c.id}` : `items/getitembyid/${c.id}`;
      const r = await apiCall(base, st.admin, 'GET', path);
      if (r.status !== 200 || r.body?.result?.name !== c.name)
        missing.push(`${c.kind} ${c.id} "${c.name}": ${r.status} ${JSON.stringify(r.body?.result?.name)}`);
    });
  }
  for (const w of st.writers.filter((x) => x.target !== undefined)) {
    jobs.push(async () => {
      const path =
        w.kind === 'renameCategory'
          ? `categories/getcategorybyid/${w.target}`
          : w.kind === 'renameItem'
            ? `items/getitembyid/${w.target}`
            : w.kind === 'updateRole'
              ? `roles/getrolebyid/${w.target}`
              : `orders/getorderbyid/${w.target}`;
      const r = await apiCall(base, st.admin, 'GET', path);
      const result = r.body?.result as Record<string, unknown> | undefined;
      const stored =
        w.kind === 'updateOrder'
          ? result?.expectedDeliveryDate
          : w.kind === 'updateRole'
            ? result?.description
            : result?.name;
      if (w.acked === undefined) return;
      if (stored === w.acked) return;
      if (w.inFlight !== undefined && stored === w.inFlight) {
        // The write in flight at the kill was committed: it is now the value to keep.
        w.acked = w.inFlight;
        return;
      }
      missing.push(`${w.kind} #${w.target}: stored ${JSON.stringify(stored)}, acknowledged "${w.acked}"`);
    });
  }
  let next = 0;
  await Promise.all(
    Array.from({ length: 8 }, async () => {
      while (next < jobs.length) await jobs[next++]!();
    }),
  );
  for (const w of st.writers) w.inFlight = undefined;
  return { checked: jobs.length, missing };
}
