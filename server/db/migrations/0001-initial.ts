import { sql, type ColumnDefinitionBuilder, type Kysely, type Migration } from 'kysely';
import type { Dialect } from '../database';

/*
 * Every entity of the product, created at once so later issues only add routes.
 * The only dialect branch is the id column: SQLite's AUTOINCREMENT (never reuses the id
 * of a removed row) vs PostgreSQL's identity column.
 */
export function initial(dialect: Dialect): Migration {
  const id = (c: ColumnDefinitionBuilder) =>
    dialect === 'postgres' ? c.primaryKey().generatedByDefaultAsIdentity() : c.primaryKey().autoIncrement();
  const flag = (c: ColumnDefinitionBuilder) => c.notNull().defaultTo(0);
  const text = (c: ColumnDefinitionBuilder) => c.notNull().defaultTo('');

  return {
    async up(db: Kysely<unknown>) {
      await db.schema
        .createTable('roles')
        .addColumn('id', 'integer', id)
        .addColumn('name', 'text', (c) => c.notNull().unique())
        .addColumn('description', 'text', text)
        .execute();

      await db.schema
        .createTable('users')
        .addColumn('id', 'integer', id)
        .addColumn('phone_number', 'text', (c) => c.notNull().unique())
        .addColumn('password_hash', 'text', (c) => c.notNull())
        .addColumn('role_id', 'integer', (c) => c.notNull().references('roles.id').onDelete('restrict'))
        .addColumn('name', 'text', (c) => c.notNull())
        .addColumn('email', 'text', text)
        .addColumn('address1', 'text', text)
        .addColumn('address2', 'text', text)
        .addColumn('address3', 'text', text)
        .addColumn('city', 'text', text)
        .addColumn('state', 'text', text)
        .addColumn('country', 'text', text)
        .addColumn('pincode', 'text', text)
        .addColumn('bussiness_name', 'text', text)
        .addColumn('delevery_message', 'text', text)
        .addColumn('bussiness_image', 'text', text)
        .addColumn('delivery_time', 'integer')
        .addColumn('delivery_price', 'integer')
        .addColumn('bussiness_type', 'text', text)
        .addColumn('description', 'text', text)
        .addColumn('is_home_delivery_available', 'integer', flag)
        .addColumn('is_active', 'integer', (c) => c.notNull().defaultTo(1))
        .addColumn('is_online_payment_enabled', 'integer', flag)
        .addColumn('is_add_category_items', 'integer', flag)
        .addColumn('created_at', 'text', (c) => c.notNull())
        .addColumn('updated_at', 'text', (c) => c.notNull())
        .addCheckConstraint('users_phone_10_digits', sqlCheckPhone(dialect))
        .execute();
      await db.schema.createIndex('users_role_id').on('users').column('role_id').execute();

      await db.schema
        .createTable('categories')
        .addColumn('id', 'integer', id)
        .addColumn('name', 'text', (c) => c.notNull())
        .addColumn('sub_category', 'text', text)
        .addColumn('description', 'text', text)
        .addColumn('image', 'text', text)
        .addColumn('created_at', 'text', (c) => c.notNull())
        .addColumn('updated_at', 'text', (c) => c.notNull())
        .execute();

      await db.schema
        .createTable('items')
        .addColumn('id', 'integer', id)
        .addColumn('name', 'text', (c) => c.notNull())
        .addColumn('description', 'text', text)
        .addColumn('brand', 'text', text)
        .addColumn('price', 'integer', (c) => c.notNull())
        .addColumn('mrp', 'integer', (c) => c.notNull())
        .addColumn('qty', 'text', text)
        .addColumn('category', 'text', text)
        .addColumn('sub_category', 'text', text)
        .addColumn('image', 'text', text)
        .addColumn('created_at', 'text', (c) => c.notNull())
        .addColumn('updated_at', 'text', (c) => c.notNull())
        .execute();
      // Bulk insert skips an item that exists with the same name and brand (DECISIONS §1).
      await db.schema.createIndex('items_name_brand').on('items').columns(['name', 'brand']).execute();

      await db.schema
        .createTable('category_items')
        .addColumn('category_id', 'integer', (c) =>
          c.notNull().references('categories.id').onDelete('cascade'),
        )
        .addColumn('item_id', 'integer', (c) => c.notNull().references('items.id').onDelete('cascade'))
        .addColumn('position', 'integer', (c) => c.notNull().defaultTo(0))
        .addPrimaryKeyConstraint('category_items_pk', ['category_id', 'item_id'])
        .execute();
      await db.schema.createIndex('category_items_item_id').on('category_items').column('item_id').execute();

      await db.schema
        .createTable('orders')
        .addColumn('id', 'integer', id)
        .addColumn('order_number', 'text', (c) => c.notNull().unique())
        // Restrict: an order's history must not vanish with its store.
        .addColumn('store_user_id', 'integer', (c) => c.notNull().references('users.id').onDelete('restrict'))
        .addColumn('status', 'integer', (c) => c.notNull().defaultTo(0))
        .addColumn('customer_name', 'text', text)
        .addColumn('customer_phone', 'text', text)
        .addColumn('customer_address1', 'text', text)
        .addColumn('customer_address2', 'text', text)
        .addColumn('customer_address3', 'text', text)
        .addColumn('customer_city', 'text', text)
        .addColumn('customer_state', 'text', text)
        .addColumn('customer_country', 'text', text)
        .addColumn('customer_pincode', 'text', text)
        .addColumn('payment_type', 'text', (c) => c.notNull())
        .addColumn('is_settled', 'integer', flag)
        .addColumn('items_total', 'integer', flag)
        .addColumn('delivery_price', 'integer', flag)
        .addColumn('settlement_amount', 'integer', flag)
        .addColumn('created_at', 'text', (c) => c.notNull())
        .addColumn('expected_delivery_date', 'text')
        .addColumn('exp_hours', 'integer', (c) => c.notNull().defaultTo(1))
        .addColumn('exp_minutes', 'integer', flag)
        .addColumn('exp_time_period', 'text', (c) => c.notNull().defaultTo('AM'))
        .addColumn('cancelled_reason', 'integer')
        .addColumn('updated_at', 'text', (c) => c.notNull())
        .addCheckConstraint('orders_status_range', sqlRange('status', 0, 4))
        .execute();
      // The order list at 1,000,000 rows: per store by date, per status by date, all by date.
      await db.schema
        .createIndex('orders_store_created')
        .on('orders')
        .columns(['store_user_id', 'created_at'])
        .execute();
      await db.schema
        .createIndex('orders_status_created')
        .on('orders')
        .columns(['status', 'created_at'])
        .execute();
      await db.schema.createIndex('orders_created').on('orders').column('created_at').execute();

      await db.schema
        .createTable('order_items')
        .addColumn('id', 'integer', id)
        .addColumn('order_id', 'integer', (c) => c.notNull().references('orders.id').onDelete('cascade'))
        .addColumn('position', 'integer', (c) => c.notNull())
        .addColumn('category_name', 'text', text)
        // No foreign key: an order keeps its lines after the catalog item is removed.
        .addColumn('item_id', 'integer', (c) => c.notNull())
        .addColumn('is_not_available', 'integer', flag)
        .addColumn('name', 'text', (c) => c.notNull())
        .addColumn('items_count', 'integer', (c) => c.notNull().defaultTo(1))
        .addColumn('qty', 'text', text)
        .addColumn('price', 'integer', flag)
        .addColumn('total', 'integer', flag)
        .addColumn('image', 'text', text)
        .execute();
      await db.schema
        .createIndex('order_items_order_position')
        .on('order_items')
        .columns(['order_id', 'position'])
        .unique()
        .execute();

      await db.schema
        .createTable('sessions')
        .addColumn('id', 'text', (c) => c.primaryKey())
        .addColumn('user_id', 'integer', (c) => c.notNull().references('users.id').onDelete('cascade'))
        .addColumn('created_at', 'text', (c) => c.notNull())
        .addColumn('expires_at', 'text', (c) => c.notNull())
        .addColumn('revoked_at', 'text')
        .execute();
      await db.schema.createIndex('sessions_user_id').on('sessions').column('user_id').execute();
      await db.schema.createIndex('sessions_expires_at').on('sessions').column('expires_at').execute();
    },

    async down(db: Kysely<unknown>) {
      for (const t of [
        'sessions',
        'order_items',
        'orders',
        'category_items',
        'items',
        'categories',
        'users',
        'roles',
      ]) {
        await db.schema.dropTable(t).ifExists().execute();
      }
    },
  };
}

function sqlCheckPhone(dialect: Dialect) {
  // SQLite has GLOB, PostgreSQL has regular expressions; both say "exactly ten digits".
  return dialect === 'postgres'
    ? sql`phone_number ~ '^[0-9]{10}$'`
    : sql`length(phone_number) = 10 AND phone_number NOT GLOB '*[^0-9]*'`;
}

function sqlRange(column: string, min: number, max: number) {
  return sql`${sql.ref(column)} BETWEEN ${sql.lit(min)} AND ${sql.lit(max)}`;
}
