import { Kysely, sql } from 'kysely';
import SQLite from 'better-sqlite3';
import { describe, expect, it } from 'vitest';
import { InlineLimitsSqliteDialect } from './inline-limits';

interface T {
  t: { n: number };
}

const open = () => {
  const raw = new SQLite(':memory:');
  raw.exec('create table t (n integer); insert into t (n) values (1), (2), (3), (4), (5)');
  return new Kysely<T>({
    dialect: new InlineLimitsSqliteDialect({ database: raw }),
  });
};

describe('InlineLimitsSqliteDialect', () => {
  it('writes an integer limit into the SQL and keeps the offset and the filters as parameters', async () => {
    const db = open();
    const query = db.selectFrom('t').select('n').where('n', '>', 1).orderBy('n').limit(2).offset(1);
    const compiled = query.compile();
    expect(compiled.sql).toBe('select "n" from "t" where "n" > ? order by "n" limit 2 offset ?');
    expect(compiled.parameters).toEqual([1, 1]);
    expect(await query.execute()).toEqual([{ n: 3 }, { n: 4 }]);
  });

  it('inlines limits inside subqueries too', () => {
    const db = open();
    const compiled = db
      .selectFrom((eb) => eb.selectFrom('t').select('n').orderBy('n', 'desc').limit(3).as('top'))
      .select('top.n')
      .limit(1)
      .compile();
    expect(compiled.sql).toBe(
      'select "top"."n" from (select "n" from "t" order by "n" desc limit 3) as "top" limit 1',
    );
    expect(compiled.parameters).toEqual([]);
  });

  it('leaves a limit that is not a plain count (an expression, a fraction) as it was', async () => {
    const db = open();
    const expression = db
      .selectFrom('t')
      .select('n')
      .limit(sql<number>`1 + ${1}`)
      .compile();
    expect(expression.sql).toBe('select "n" from "t" limit 1 + ?');
    const fraction = db.selectFrom('t').select('n').limit(2.5).compile();
    expect(fraction.sql).toBe('select "n" from "t" limit ?');
    expect(fraction.parameters).toEqual([2.5]);
  });
});
