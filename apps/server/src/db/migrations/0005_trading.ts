import type { Kysely, Migration } from 'kysely';
import type { Dialect } from '../database.ts';
import { withId } from './columns.ts';

/** Spot orders and trades (ids from the trading core), and the core's inbox for other processes. */
export default (dialect: Dialect): Migration => ({
  // biome-ignore lint/suspicious/noExplicitAny: migrations run before the typed schema exists
  async up(db: Kysely<any>) {
    await db.schema
      .createTable('orders')
      .addColumn('id', 'bigint', (c) => c.primaryKey())
      .addColumn('user_id', 'bigint', (c) => c.notNull())
      .addColumn('symbol', 'varchar(40)', (c) => c.notNull())
      .addColumn('side', 'varchar(4)', (c) => c.notNull())
      .addColumn('type', 'integer', (c) => c.notNull())
      .addColumn('price', 'text', (c) => c.notNull())
      .addColumn('volume', 'text', (c) => c.notNull())
      .addColumn('deal_volume', 'text', (c) => c.notNull())
      .addColumn('deal_money', 'text', (c) => c.notNull())
      .addColumn('fee', 'text', (c) => c.notNull())
      .addColumn('fee_coin', 'varchar(20)', (c) => c.notNull())
      .addColumn('reserve', 'text', (c) => c.notNull())
      .addColumn('status', 'integer', (c) => c.notNull())
      .addColumn('closed_by_exchange', 'integer', (c) => c.notNull())
      .addColumn('client_order_id', 'varchar(36)')
      .addColumn('reject_code', 'varchar(10)', (c) => c.notNull())
      .addColumn('created_at', 'bigint', (c) => c.notNull())
      .addColumn('updated_at', 'bigint', (c) => c.notNull())
      .execute();
    // Lists read a user's orders newest first, by status; the core reads every open order on start.
    await db.schema.createIndex('orders_user').on('orders').columns(['user_id', 'status', 'id']).execute();
    await db.schema.createIndex('orders_status').on('orders').columns(['status']).execute();
    await db.schema
      .createIndex('orders_client_id')
      .on('orders')
      .columns(['user_id', 'client_order_id'])
      .unique()
      .execute();

    await db.schema
      .createTable('trades')
      .addColumn('id', 'bigint', (c) => c.primaryKey())
      .addColumn('symbol', 'varchar(40)', (c) => c.notNull())
      .addColumn('price', 'text', (c) => c.notNull())
      .addColumn('volume', 'text', (c) => c.notNull())
      .addColumn('amount', 'text', (c) => c.notNull())
      .addColumn('maker_order_id', 'bigint', (c) => c.notNull())
      .addColumn('taker_order_id', 'bigint', (c) => c.notNull())
      .addColumn('maker_user_id', 'bigint', (c) => c.notNull())
      .addColumn('taker_user_id', 'bigint', (c) => c.notNull())
      .addColumn('taker_side', 'varchar(4)', (c) => c.notNull())
      .addColumn('buyer_fee', 'text', (c) => c.notNull())
      .addColumn('seller_fee', 'text', (c) => c.notNull())
      .addColumn('created_at', 'bigint', (c) => c.notNull())
      .execute();
    await db.schema.createIndex('trades_maker_order').on('trades').column('maker_order_id').execute();
    await db.schema.createIndex('trades_taker_order').on('trades').column('taker_order_id').execute();
    await db.schema.createIndex('trades_maker_user').on('trades').columns(['maker_user_id', 'id']).execute();
    await db.schema.createIndex('trades_taker_user').on('trades').columns(['taker_user_id', 'id']).execute();
    await db.schema.createIndex('trades_symbol').on('trades').columns(['symbol', 'id']).execute();

    await withId(db.schema.createTable('core_inbox'), dialect)
      .addColumn('kind', 'varchar(20)', (c) => c.notNull())
      .addColumn('payload', 'text', (c) => c.notNull())
      .addColumn('created_at', 'bigint', (c) => c.notNull())
      .addColumn('processed_at', 'bigint')
      .addColumn('result', 'varchar(200)', (c) => c.notNull())
      .execute();
    await db.schema.createIndex('core_inbox_pending').on('core_inbox').columns(['processed_at', 'id']).execute();
  },
});
