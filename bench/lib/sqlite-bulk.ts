import SQLite from 'better-sqlite3';

/*
 * SQLite bulk-load helpers shared by the generator and its lines worker: a connection
 * set up for a one-off load (no journal, no sync, one writer) and multi-row inserts of
 * flat parameter lists through prepared statements.
 */

/** Opens `path` for a bulk load. */
export function openForLoad(path: string): SQLite.Database {
  const db = new SQLite(path);
  db.pragma('journal_mode = OFF');
  db.pragma('synchronous = OFF');
  db.pragma('locking_mode = EXCLUSIVE');
  db.pragma('foreign_keys = OFF');
  db.pragma('cache_size = -65536');
  return db;
}

/**
 * Settings for CREATE INDEX on a large table: SQLite sorts the keys on worker threads
 * only when they spill into several sorted runs, i.e. with a small cache and temporary
 * files (measured here: 0.6–0.75 s an index of a million orders instead of 1.3–1.8 s).
 */
export function tuneForIndexBuilds(db: SQLite.Database): void {
  db.pragma('threads = 4');
  db.pragma('cache_size = -8000');
  db.pragma('temp_store = FILE');
}

/** Inserts flat rows of `columns.length` values, `batch` rows a statement. */
export function bulkInserter(db: SQLite.Database, table: string, columns: readonly string[], batch: number) {
  return bulkStatement(db, `insert into ${table} (${columns.join(', ')})`, columns.length, batch);
}

/**
 * Runs `${head} values (…), (…)` over flat rows of `width` values, `batch` rows a
 * statement; with a `select` the head reads them as column1…columnN of the VALUES
 * (`select … from (values …) v`), rows in the order given.
 */
export function bulkStatement(
  db: SQLite.Database,
  head: string,
  width: number,
  batch: number,
  select?: (values: string) => string,
) {
  const statement = (rows: number) => {
    const values =
      'values ' + Array.from({ length: rows }, () => `(${Array(width).fill('?').join(', ')})`).join(', ');
    return db.prepare(`${head} ${select ? select(`(${values})`) : values}`);
  };
  const many = statement(batch);
  const one = statement(1);
  return (flat: unknown[]) => {
    const step = width * batch;
    let i = 0;
    for (; i + step <= flat.length; i += step) many.run(flat.slice(i, i + step));
    for (; i < flat.length; i += width) one.run(flat.slice(i, i + width));
  };
}
