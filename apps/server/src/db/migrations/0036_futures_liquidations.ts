import type { Kysely, Migration } from 'kysely';
import type { Dialect } from '../database.ts';
import { notNull, withId } from './columns.ts';

/**
 * Each futures liquidation (core/futures/futures-liquidation.ts): the position as it was, the mark and bankruptcy
 * price, what the book, the insurance fund and auto-deleveraging closed (with each ADL counterparty), and the fund
 * before and after, so every liquidation can be recomputed.
 */
export default (dialect: Dialect): Migration => ({
  // biome-ignore lint/suspicious/noExplicitAny: migrations run before the typed schema exists
  async up(db: Kysely<any>) {
    await withId(db.schema.createTable('futures_liquidations'), dialect)
      .addColumn('position_id', 'bigint', notNull)
      .addColumn('user_id', 'bigint', notNull)
      .addColumn('symbol', 'text', notNull)
      .addColumn('qty', 'text', notNull)
      .addColumn('entry', 'text', notNull)
      .addColumn('margin_mode', 'integer', notNull)
      .addColumn('mark', 'text', notNull)
      .addColumn('bankruptcy_price', 'text', notNull)
      .addColumn('by_book', 'text', notNull)
      .addColumn('by_fund', 'text', notNull)
      .addColumn('by_adl', 'text', notNull)
      .addColumn('adl', 'text', notNull)
      .addColumn('fund_before', 'text', notNull)
      .addColumn('fund_after', 'text', notNull)
      .addColumn('created_at', 'bigint', notNull)
      .execute();
    await db.schema
      .createIndex('futures_liquidations_user')
      .on('futures_liquidations')
      .columns(['user_id', 'created_at'])
      .execute();
  },
});
