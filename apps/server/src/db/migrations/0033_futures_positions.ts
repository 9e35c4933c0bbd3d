import type { Kysely, Migration } from 'kysely';
import type { Dialect } from '../database.ts';
import { notNull } from './columns.ts';

/**
 * Futures positions and the futures facts of orders (core/futures/futures-state.ts), written by the core per batch.
 * Positions keep the core's ids (it counts them), so a batch can upsert them.
 */
export default (_dialect: Dialect): Migration => ({
  // biome-ignore lint/suspicious/noExplicitAny: migrations run before the typed schema exists
  async up(db: Kysely<any>) {
    const zero = (c: Parameters<typeof notNull>[0]) => c.notNull().defaultTo('0');
    await db.schema
      .createTable('futures_positions')
      .addColumn('id', 'bigint', (c) => c.primaryKey())
      .addColumn('user_id', 'bigint', notNull)
      .addColumn('symbol', 'text', notNull)
      .addColumn('contract_id', 'bigint', notNull)
      .addColumn('position_side', 'text', notNull)
      .addColumn('qty', 'text', notNull)
      .addColumn('entry', 'text', notNull)
      .addColumn('leverage', 'integer', notNull)
      .addColumn('margin_mode', 'integer', notNull)
      .addColumn('margin', 'text', notNull)
      .addColumn('realized', 'text', zero)
      .addColumn('fee', 'text', zero)
      .addColumn('funding', 'text', zero)
      .addColumn('max_qty', 'text', zero)
      .addColumn('closed_qty', 'text', zero)
      .addColumn('close_turnover', 'text', zero)
      .addColumn('open', 'integer', notNull)
      .addColumn('opened_at', 'bigint', notNull)
      .addColumn('updated_at', 'bigint', notNull)
      .execute();
    await db.schema
      .createIndex('futures_positions_user')
      .on('futures_positions')
      .columns(['user_id', 'open', 'symbol'])
      .execute();
    await db.schema.createIndex('futures_positions_open').on('futures_positions').columns(['open']).execute();
    await db.schema
      .createTable('futures_orders')
      .addColumn('order_id', 'bigint', (c) => c.primaryKey())
      .addColumn('user_id', 'bigint', notNull)
      .addColumn('symbol', 'text', notNull)
      .addColumn('position_side', 'text', notNull)
      .addColumn('reduce_only', 'integer', notNull)
      .addColumn('leverage', 'integer', notNull)
      .addColumn('margin_mode', 'integer', notNull)
      .addColumn('kind', 'integer', notNull)
      .addColumn('reduce_left', 'text', zero)
      .addColumn('realized', 'text', zero)
      .execute();
    // Per trade of a contract: each side's realized PnL and position, so fills and position history read back exactly.
    await db.schema
      .createTable('futures_fills')
      .addColumn('trade_id', 'bigint', (c) => c.primaryKey())
      .addColumn('symbol', 'text', notNull)
      .addColumn('buyer_realized', 'text', notNull)
      .addColumn('seller_realized', 'text', notNull)
      .addColumn('buyer_position_id', 'bigint', notNull)
      .addColumn('seller_position_id', 'bigint', notNull)
      .execute();
  },
});
