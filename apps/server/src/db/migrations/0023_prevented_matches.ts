import type { Kysely, Migration } from 'kysely';
import type { Dialect } from '../database.ts';
import { notNull, withId } from './columns.ts';

/**
 * The matches self-trade prevention stopped (Binance's prevented matches): one per stopped match, its id the
 * preventedMatchId the expired orders answer, read by GET /api/v3/myPreventedMatches. Written by the trading core.
 */
export default (dialect: Dialect): Migration => ({
  // biome-ignore lint/suspicious/noExplicitAny: migrations run before the typed schema exists
  async up(db: Kysely<any>) {
    await withId(db.schema.createTable('prevented_matches'), dialect)
      .addColumn('symbol', 'varchar(32)', notNull)
      .addColumn('user_id', 'bigint', notNull)
      .addColumn('taker_order_id', 'bigint', notNull)
      .addColumn('maker_order_id', 'bigint', notNull)
      .addColumn('stp_mode', 'varchar(16)', notNull)
      .addColumn('price', 'text', notNull)
      .addColumn('maker_prevented_qty', 'text', notNull)
      .addColumn('created_at', 'bigint', notNull)
      .execute();
    await db.schema.createIndex('prevented_matches_taker').on('prevented_matches').column('taker_order_id').execute();
    await db.schema.createIndex('prevented_matches_maker').on('prevented_matches').column('maker_order_id').execute();
  },
});
