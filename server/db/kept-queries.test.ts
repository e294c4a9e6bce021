import { Kysely, SqliteDialect, sql, type CompiledQuery } from 'kysely';
import SQLite from 'better-sqlite3';
import { describe, expect, it } from 'vitest';
import { keptQuery } from './kept-queries';

interface T {
  t: { id: number; store: number; name: string };
}

const open = () => {
  const raw = new SQLite(':memory:');
  raw.exec(
    "create table t (id integer, store integer, name text); insert into t values (1, 7, 'a'), (2, 8, 'b')",
  );
  return new Kysely<T>({ dialect: new SqliteDialect({ database: raw }) });
};

/** Reads a name through keptQuery on `db`, counting how often the statement is built. */
function counted(db: Kysely<T>) {
  const reader = {
    built: 0,
    async read(key: string, values: unknown[], build: () => { compile(): CompiledQuery }) {
      const query = keptQuery(db, key, values, () => (reader.built++, build()));
      return ((await db.executeQuery(query)).rows[0] as { name: string } | undefined)?.name;
    },
  };
  return reader;
}

describe('keptQuery', () => {
  it('builds a shape once and binds each call its own values', async () => {
    const db = open();
    const r = counted(db);
    const read = (id: number, store: number) =>
      r.read('by store', [id, store], () =>
        db.selectFrom('t').select('name').where('id', '=', id).where('store', '=', store),
      );
    expect(await read(1, 7)).toBe('a');
    expect(await read(2, 8)).toBe('b');
    // Another store's row is not found: each call's store is bound, not the first call's.
    expect(await read(2, 7)).toBeUndefined();
    expect(await read(3, 8)).toBeUndefined();
    expect(r.built).toBe(1);
  });

  it('keeps a shape per database handle', async () => {
    const byId = (db: Kysely<T>, r: ReturnType<typeof counted>, id: number) =>
      r.read('by id', [id], () => db.selectFrom('t').select('name').where('id', '=', id));
    const db = open();
    const r = counted(db);
    expect([await byId(db, r, 1), await byId(db, r, 2), await byId(db, r, 3)]).toEqual(['a', 'b', undefined]);
    expect(r.built).toBe(1);
    // Another database handle keeps its own.
    const other = open();
    const o = counted(other);
    expect(await byId(other, o, 2)).toBe('b');
    expect(o.built).toBe(1);
  });

  it('builds every time a shape whose statement binds more than the values given', async () => {
    const db = open();
    const r = counted(db);
    const read = (id: number, name: string) =>
      r.read('by id and a bound name', [id], () =>
        db
          .selectFrom('t')
          .select('name')
          .where('id', '=', id)
          .where(sql`name`, '=', name),
      );
    expect(await read(1, 'a')).toBe('a');
    // Bound as kept, the second call would have asked for name 'a' again.
    expect(await read(2, 'b')).toBe('b');
    expect(await read(2, 'a')).toBeUndefined();
    expect(r.built).toBe(3);
  });
});
