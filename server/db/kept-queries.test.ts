import { Kysely, SqliteDialect, sql } from 'kysely';
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

const nameOf = async (db: Kysely<T>, query: Parameters<Kysely<T>['executeQuery']>[0]) =>
  ((await db.executeQuery(query)).rows[0] as { name: string } | undefined)?.name;

describe('keptQuery', () => {
  it('builds a shape once and binds each call its own values', async () => {
    const db = open();
    let built = 0;
    const read = (id: number, store: number) =>
      nameOf(
        db,
        keptQuery(db, 'by store', [id, store], () => {
          built++;
          return db.selectFrom('t').select('name').where('id', '=', id).where('store', '=', store);
        }),
      );
    expect(await read(1, 7)).toBe('a');
    expect(await read(2, 8)).toBe('b');
    // Another store's row is not found: each call's store is bound, not the first call's.
    expect(await read(2, 7)).toBeUndefined();
    expect(await read(3, 8)).toBeUndefined();
    expect(built).toBe(1);
  });

  it('keeps a shape per database handle', async () => {
    const db = open();
    let built = 0;
    const read = (id: number) =>
      nameOf(
        db,
        keptQuery(db, 'by id', [id], () => {
          built++;
          return db.selectFrom('t').select('name').where('id', '=', id);
        }),
      );
    expect([await read(1), await read(2), await read(3)]).toEqual(['a', 'b', undefined]);
    expect(built).toBe(1);
    // Another database handle keeps its own.
    const other = open();
    await nameOf(
      other,
      keptQuery(
        other,
        'by id',
        [2],
        () => (built++, other.selectFrom('t').select('name').where('id', '=', 2)),
      ),
    );
    expect(built).toBe(2);
  });

  it('builds every time a shape whose statement binds more than the values given', async () => {
    const db = open();
    let built = 0;
    const read = (id: number, name: string) =>
      nameOf(
        db,
        keptQuery(db, 'by id and a bound name', [id], () => {
          built++;
          return db
            .selectFrom('t')
            .select('name')
            .where('id', '=', id)
            .where(sql`name`, '=', name);
        }),
      );
    expect(await read(1, 'a')).toBe('a');
    // Bound as kept, the second call would have asked for name 'a' again.
    expect(await read(2, 'b')).toBe('b');
    expect(await read(2, 'a')).toBeUndefined();
    expect(built).toBe(3);
  });
});
