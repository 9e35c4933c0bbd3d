import type { Kysely, Migration } from 'kysely';
import type { Dialect } from '../database.ts';
import { notNull, withId } from './columns.ts';

/**
 * Futures conditional orders (futures/trigger-store.ts), held off the book until their trigger price is reached:
 * each keeps the user's settings of when it was created, so firing it after a restart places the same order.
 */
export default (dialect: Dialect): Migration => ({
  // biome-ignore lint/suspicious/noExplicitAny: migrations run before the typed schema exists
  async up(db: Kysely<any>) {
    const zero = (c: Parameters<typeof notNull>[0]) => c.notNull().defaultTo('0');
    await withId(db.schema.createTable('futures_trigger_orders'), dialect)
      .addColumn('user_id', 'bigint', notNull)
      .addColumn('contract_id', 'bigint', notNull)
      .addColumn('symbol', 'text', notNull)
      .addColumn('side', 'text', notNull)
      .addColumn('reduce_only', 'integer', notNull)
      .addColumn('position_side', 'text', notNull)
      .addColumn('leverage', 'integer', notNull)
      .addColumn('margin_mode', 'integer', notNull)
      .addColumn('order_type', 'integer', notNull)
      .addColumn('price', 'text', zero)
      .addColumn('volume', 'text', notNull)
      .addColumn('trigger_price', 'text', zero)
      .addColumn('price_kind', 'integer', notNull)
      .addColumn('trigger_type', 'integer', notNull)
      .addColumn('direction', 'integer', notNull)
      .addColumn('tpsl', 'integer', notNull)
      .addColumn('callback_rate', 'text', zero)
      .addColumn('activation_price', 'text', zero)
      .addColumn('extreme', 'text', zero)
      .addColumn('expire_days', 'integer', notNull)
      .addColumn('expire_at', 'bigint', notNull)
      .addColumn('status', 'integer', notNull)
      .addColumn('memo', 'integer', (c) => c.notNull().defaultTo(0))
      .addColumn('error_code', 'text', (c) => c.notNull().defaultTo(''))
      .addColumn('order_id', 'bigint')
      .addColumn('created_at', 'bigint', notNull)
      .addColumn('updated_at', 'bigint', notNull)
      .execute();
    await db.schema
      .createIndex('futures_trigger_orders_user')
      .on('futures_trigger_orders')
      .columns(['user_id', 'status', 'symbol'])
      .execute();
    await db.schema
      .createIndex('futures_trigger_orders_active')
      .on('futures_trigger_orders')
      .columns(['status', 'symbol'])
      .execute();
  },
});
