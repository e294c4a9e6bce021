import { parentPort, workerData } from 'node:worker_threads';
import { orderChunks, prng, type CatalogItem, type StoreRef } from './generate';
import { LINE_COLUMNS, LINE_PARAMS } from './row-layout';
import { bulkStatement, openForLoad } from './sqlite-bulk';

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
// Five integers a line (LINE_PARAMS); the item's words come from a copy of the catalog
// joined in the statement. Binding eleven values of which four strings cost 12.4 s CPU for
// 3.3 million lines, five integers and the join 5.0–6.5 s (the insert alone, values made
// in SQL: 4.3 s). CROSS JOIN keeps the VALUES as the outer loop: lines get their ids in
// the order generated.
db.exec(
  'create temp table catalog (id integer primary key, category text, name text, qty text, price integer, image text)',
);
const addItem = db.prepare('insert into catalog values (?, ?, ?, ?, ?, ?)');
for (const it of job.items) addItem.run(it.id, it.category, it.name, it.qty, it.price, it.image);
const insert = bulkStatement(
  db,
  `insert into order_items (${LINE_COLUMNS.join(', ')})`,
  LINE_PARAMS.length,
  500,
  (values) =>
    `select v.column1, v.column2, c.category, c.id, v.column4, c.name, v.column5, c.qty, c.price,
       v.column5 * c.price, c.image
     from ${values} v cross join catalog c on c.id = v.column3`,
);
let lines = 0;
const load = db.transaction((flat: unknown[]) => insert(flat));
for (const chunk of orderChunks({
  count: job.count,
  chunk: job.chunk,
  now: job.now,
  stores: job.stores,
  items: job.items,
  rnd: prng(job.seed),
  want: { orders: false, lines: true, compact: true },
})) {
  load(chunk.lines);
  lines += chunk.lineCount;
}
db.close();
parentPort!.postMessage({ lines, at: performance.timeOrigin + performance.now() });
