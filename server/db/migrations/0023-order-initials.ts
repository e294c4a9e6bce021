import { sql, type Kysely, type Migration } from 'kysely';
import type { Dialect } from '../database';

/*
 * A search of one letter or digit is what the search box sends on an operator's first key
 * ("s" of "Srinivas", "9" of a phone). Its count walked a tenth to a quarter of the orders
 * in the prefix indexes: 23 ms for "s" at 1,000,000 orders on SQLite, 45 ms with a status
 * tab chosen, 7 ms for "9" (issue 18 item 4, issue 24 item 7; record 078). These counts
 * are kept instead: how many orders each one-character search finds, per store and
 * status, kept by triggers as order_counts is (migration 0004).
 *
 * An order is found by the one-character search `c` (an ASCII letter or digit; the search
 * lowers letters, routes/orders/list/search/terms.ts) exactly when `lower(c)` is one of
 * the order's initials:
 * - the first character of lower(name), or of lower(name) from its second word on — the
 *   very expressions the search's name ranges compare;
 * - the first character of the order number, lowered when it is an ASCII letter or digit
 *   (the search tries the text as typed, in capitals and in small letters);
 * - the phone's first character when it is a digit (only digits search phones);
 * - the order's id when it is 1 to 9 (one digit names the order of that id).
 * Only ASCII letters and digits are kept: no other one-character search reads these.
 * Each order counts once per initial, however many of its ways have it.
 */

/** An order row's initials as (expression, condition) pairs, `r` being the row: `new`, `old` or an alias. */
function initialWays(dialect: Dialect, r: string): [expr: string, when: string][] {
  const code = dialect === 'postgres' ? 'ascii' : 'unicode';
  const find = dialect === 'postgres' ? 'strpos' : 'instr';
  const between = (x: string, ranges: [number, number][]) =>
    `(${ranges.map(([a, b]) => `${code}(${x}) between ${a} and ${b}`).join(' or ')})`;
  const DIGITS: [number, number] = [48, 57];
  const SMALL: [number, number] = [97, 122];
  const CAPITALS: [number, number] = [65, 90];
  const name = `substr(lower(${r}.customer_name), 1, 1)`;
  const rest = `substr(substr(lower(${r}.customer_name), ${find}(${r}.customer_name, ' ') + 1), 1, 1)`;
  const number = `substr(${r}.order_number, 1, 1)`;
  const phone = `substr(${r}.customer_phone, 1, 1)`;
  return [
    [name, between(name, [DIGITS, SMALL])],
    [rest, between(rest, [DIGITS, SMALL])],
    [`lower(${number})`, between(number, [DIGITS, CAPITALS, SMALL])],
    [phone, between(phone, [DIGITS])],
    [`cast(${r}.id as text)`, `${r}.id between 1 and 9`],
  ];
}

/** A row's initials, one `ch` a row (a union: each initial once). */
const initialsOf = (dialect: Dialect, r: string) =>
  initialWays(dialect, r)
    .map(([expr, when]) => `select ${expr} as ch where ${when}`)
    .join(' union ');

/** Every order's initials, one (id, store_user_id, status, ch) row each (the counts' GROUP BY source). */
export function initialsByOrderSql(dialect: Dialect): string {
  // One select per way, united: each order counts once per initial.
  return initialWays(dialect, 'o')
    .map(
      ([expr, when]) =>
        `select o.id as id, o.store_user_id as store_user_id, o.status as status, ${expr} as ch from orders o where ${when}`,
    )
    .join(' union ');
}

/** Recomputes order_initial_counts from the orders (the migration's backfill; bulk loaders after a load). */
export const rebuildOrderInitialsSql = (dialect: Dialect) =>
  `insert into order_initial_counts (ch, store_user_id, status, n)
   select ch, store_user_id, status, count(*) from (${initialsByOrderSql(dialect)}) as k
   group by ch, store_user_id, status`;

/** The columns a change of which changes an order's initials or where they are counted. */
const WATCHED = ['customer_name', 'order_number', 'customer_phone', 'store_user_id', 'status'];

export function orderInitials(dialect: Dialect): Migration {
  const key = 'ch, store_user_id, status';
  // Every change of a row in one statement, its rows in key order (as order_counts since
  // migration 0007): two transactions then never lock the same counts in opposite orders.
  const change = (ops: { old: boolean; new: boolean }) => {
    const sides = [
      ...(ops.old
        ? [
            `select k.ch as ch, old.store_user_id as store_user_id, old.status as status, -1 as d from (${initialsOf(dialect, 'old')}) as k`,
          ]
        : []),
      ...(ops.new
        ? [
            `select k.ch as ch, new.store_user_id as store_user_id, new.status as status, 1 as d from (${initialsOf(dialect, 'new')}) as k`,
          ]
        : []),
    ];
    const when = (side: string, tg: string) =>
      dialect === 'postgres' ? `${side} where tg_op in (${tg})` : side;
    const guarded =
      dialect === 'postgres'
        ? [when(sides[0]!, `'UPDATE', 'DELETE'`), when(sides[1]!, `'UPDATE', 'INSERT'`)]
        : sides;
    return `insert into order_initial_counts (${key}, n)
      select ${key}, sum(d) from (${guarded.join(' union all ')}) as change
      where true group by ${key} having sum(d) <> 0 order by ${key}
      on conflict (${key}) do update set n = order_initial_counts.n + excluded.n`;
  };
  const changed = WATCHED.map((c) => `old.${c} is distinct from new.${c}`).join(' or ');
  const triggers =
    dialect === 'postgres'
      ? [
          `create function order_initials_keep() returns trigger language plpgsql as $$
           begin ${change({ old: true, new: true })}; return null; end $$`,
          `create function order_initials_clear() returns trigger language plpgsql as $$
           begin delete from order_initial_counts; return null; end $$`,
          `create trigger orders_initials_insert_delete after insert or delete on orders
           for each row execute function order_initials_keep()`,
          `create trigger orders_initials_update after update on orders
           for each row when (${changed}) execute function order_initials_keep()`,
          `create trigger orders_initials_truncate after truncate on orders
           for each statement execute function order_initials_clear()`,
        ]
      : [
          `create trigger orders_initials_insert after insert on orders
           begin ${change({ old: false, new: true })}; end`,
          `create trigger orders_initials_delete after delete on orders
           begin ${change({ old: true, new: false })}; end`,
          `create trigger orders_initials_update after update on orders
           when ${changed.replaceAll('is distinct from', 'is not')}
           begin ${change({ old: true, new: true })}; end`,
        ];

  return {
    async up(db: Kysely<unknown>) {
      await db.schema
        .createTable('order_initial_counts')
        .addColumn('ch', 'text', (c) => c.notNull())
        .addColumn('store_user_id', 'integer', (c) => c.notNull())
        .addColumn('status', 'integer', (c) => c.notNull())
        .addColumn('n', 'integer', (c) => c.notNull())
        .addPrimaryKeyConstraint('order_initial_counts_pk', ['ch', 'store_user_id', 'status'])
        .execute();
      await sql.raw(rebuildOrderInitialsSql(dialect)).execute(db);
      for (const t of triggers) await sql.raw(t).execute(db);
    },
    async down(db: Kysely<unknown>) {
      if (dialect === 'postgres') {
        for (const t of ['insert_delete', 'update', 'truncate'])
          await sql.raw(`drop trigger if exists orders_initials_${t} on orders`).execute(db);
        await sql`drop function if exists order_initials_keep(), order_initials_clear()`.execute(db);
      } else
        for (const t of ['insert', 'delete', 'update'])
          await sql.raw(`drop trigger if exists orders_initials_${t}`).execute(db);
      await db.schema.dropTable('order_initial_counts').ifExists().execute();
    },
  };
}
