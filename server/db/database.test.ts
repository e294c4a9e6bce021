import SQLite from 'better-sqlite3';
import { describe, expect, it } from 'vitest';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { sql } from 'kysely';
import { keepStatements, openDatabase } from './database';

describe('keepStatements', () => {
  const open = (max?: number) => {
    const raw = new SQLite(':memory:');
    raw.exec('create table t (n integer)');
    return { raw, db: keepStatements(raw, max) };
  };

  it('hands out the same prepared statement for the same SQL, with fresh parameters each time', () => {
    const { db } = open();
    const insert = db.prepare('insert into t (n) values (?)');
    insert.run([1]);
    expect(db.prepare('insert into t (n) values (?)')).toBe(insert);
    db.prepare('insert into t (n) values (?)').run([2]);
    expect(db.prepare('select n from t order by n').all([])).toEqual([{ n: 1 }, { n: 2 }]);
  });

  it('never hands out a statement that is still iterating', () => {
    const { db } = open();
    db.prepare('insert into t (n) values (?), (?)').run([1, 2]);
    const reading = db.prepare('select n from t order by n');
    const rows = reading.iterate([]);
    rows.next();
    const again = db.prepare('select n from t order by n');
    expect(again).not.toBe(reading);
    expect(again.all([])).toEqual([{ n: 1 }, { n: 2 }]);
    expect([...rows]).toEqual([{ n: 2 }]);
  });

  it('keeps at most `max` statements, dropping the least recently used', () => {
    const { db } = open(2);
    const a = db.prepare('select 1 as a');
    const b = db.prepare('select 2 as b');
    expect(db.prepare('select 1 as a')).toBe(a);
    db.prepare('select 3 as c');
    expect(db.prepare('select 1 as a')).toBe(a);
    expect(db.prepare('select 2 as b')).not.toBe(b);
  });

  it('still answers after the schema changes under a kept statement', () => {
    const { db, raw } = open();
    const read = db.prepare('select * from t');
    raw.exec('alter table t add column m integer default 7');
    raw.exec('insert into t (n) values (1)');
    expect(db.prepare('select * from t')).toBe(read);
    expect(read.all([])).toEqual([{ n: 1, m: 7 }]);
  });
});

describe('openReader (SQLite on a file)', () => {
  it('reads what the main connection committed, refuses to write, and closes on its own', async () => {
    const dir = mkdtempSync(join(tmpdir(), 'reader-'));
    try {
      const db = openDatabase({ dialect: 'sqlite', path: join(dir, 'app.db') });
      await sql`create table t (n integer)`.execute(db.kysely);
      await sql`insert into t values (1), (2)`.execute(db.kysely);
      const reader = db.openReader!();
      expect((await sql<{ n: number }>`select n from t order by n`.execute(reader)).rows).toEqual([
        { n: 1 },
        { n: 2 },
      ]);
      await expect(sql`insert into t values (3)`.execute(reader)).rejects.toThrow(/readonly/);
      // A commit after the reader opened is seen by its next read (WAL).
      await sql`insert into t values (4)`.execute(db.kysely);
      expect((await sql<{ c: number }>`select count(*) as c from t`.execute(reader)).rows[0]!.c).toBe(3);
      await reader.destroy();
      await db.kysely.destroy();
    } finally {
      rmSync(dir, { recursive: true, force: true });
    }
  });

  it('is not offered for an in-memory database (a second connection would see another database)', () => {
    expect(openDatabase({ dialect: 'sqlite', path: ':memory:' }).openReader).toBeUndefined();
  });
});

describe('transactions on SQLite (WORKERS > 1: other processes write the same file)', () => {
  it('take the write lock when they begin, so a read-then-write never meets a write made in between', async () => {
    const dir = mkdtempSync(join(tmpdir(), 'immediate-'));
    try {
      const path = join(dir, 'app.db');
      const db = openDatabase({ dialect: 'sqlite', path });
      await sql`create table t (n integer)`.execute(db.kysely);
      await sql`insert into t values (1)`.execute(db.kysely);
      // Another process's connection, not waiting for locks so the test sees them at once.
      const other = new SQLite(path);
      other.pragma('busy_timeout = 0');
      const total = await db.kysely.transaction().execute(async (trx) => {
        const before = (await sql<{ s: number }>`select sum(n) as s from t`.execute(trx)).rows[0]!.s;
        // A deferred BEGIN would let this in, and the write below would then fail (SQLITE_BUSY).
        expect(() => other.prepare('insert into t values (10)').run()).toThrow(/locked|busy/i);
        await sql`insert into t values (${before + 1})`.execute(trx);
        return before + (before + 1);
      });
      expect(total).toBe(3);
      other.prepare('insert into t values (10)').run();
      expect(other.prepare('select sum(n) as s from t').get()).toEqual({ s: 13 });
      other.close();
      await db.kysely.destroy();
    } finally {
      rmSync(dir, { recursive: true, force: true });
    }
  });
});
