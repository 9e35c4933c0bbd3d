import type { Kysely, Migration } from 'kysely';
import type { Dialect } from '../database.ts';
import { notNull } from './columns.ts';

/**
 * Each dated contract's delivery (core/futures/futures-delivery.ts): the price, the index bars it is the average of,
 * and every position closed at it, so a delivery can be recomputed; and the successor listed when it rolled (null
 * until then, so a restart lists it once).
 */
export default (_dialect: Dialect): Migration => ({
  // biome-ignore lint/suspicious/noExplicitAny: migrations run before the typed schema exists
  async up(db: Kysely<any>) {
    await db.schema
      .createTable('futures_deliveries')
      .addColumn('contract_id', 'bigint', (c) => c.primaryKey())
      .addColumn('symbol', 'text', notNull)
      .addColumn('delivery_time', 'bigint', notNull)
      .addColumn('price', 'text', notNull)
      .addColumn('bars', 'text', notNull)
      .addColumn('positions', 'text', notNull)
      .addColumn('orders_cancelled', 'integer', notNull)
      .addColumn('successor_id', 'bigint')
      .addColumn('created_at', 'bigint', notNull)
      .execute();
  },
});
