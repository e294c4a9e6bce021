import { parentPort, workerData } from 'node:worker_threads';
import { LINE_COLUMNS, orderChunks, prng, type CatalogItem, type StoreRef } from './generate';
import { bulkInserter, openForLoad } from './sqlite-bulk';

/*
 * The generator's second thread: draws the same orders as the main thread (same seed)
 * and writes only their lines, into a scratch database holding an identical
 * order_items table; the main thread then copies them over in one statement (SQLite's
 * transfer optimization copies records without decoding them).
 */
export interface LinesJob {
  path: string;
  ddl: string[];
  count: number;
  now: number;
  seed: number;
  chunk: number;
  stores: StoreRef[];
  items: CatalogItem[];
}

const job = workerData as LinesJob;
const db = openForLoad(job.path);
for (const statement of job.ddl) db.exec(statement);
const insert = bulkInserter(db, 'order_items', LINE_COLUMNS, 500);
let lines = 0;
const load = db.transaction((flat: unknown[]) => insert(flat));
for (const chunk of orderChunks({
  count: job.count,
  chunk: job.chunk,
  now: job.now,
  stores: job.stores,
  items: job.items,
  rnd: prng(job.seed),
  want: { orders: false, lines: true },
})) {
  load(chunk.lines);
  lines += chunk.lineCount;
}
db.close();
parentPort!.postMessage({ lines, at: performance.timeOrigin + performance.now() });
