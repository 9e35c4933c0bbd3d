import type { Kysely, Migration } from 'kysely';
import type { Dialect } from '../database.ts';

/** K-line candles derived from trades, and how far into the trades table they are applied. */
export default (_dialect: Dialect): Migration => ({
  // biome-ignore lint/suspicious/noExplicitAny: migrations run before the typed schema exists
  async up(db: Kysely<any>) {
    await db.schema
      .createTable('klines')
      .addColumn('symbol', 'varchar(40)', (c) => c.notNull())
      .addColumn('period', 'varchar(10)', (c) => c.notNull())
      .addColumn('open_time', 'bigint', (c) => c.notNull())
      .addColumn('open', 'text', (c) => c.notNull())
      .addColumn('high', 'text', (c) => c.notNull())
      .addColumn('low', 'text', (c) => c.notNull())
      .addColumn('close', 'text', (c) => c.notNull())
      .addColumn('vol', 'text', (c) => c.notNull())
      .addColumn('amount', 'text', (c) => c.notNull())
      .addColumn('updated_at', 'bigint', (c) => c.notNull())
      .addPrimaryKeyConstraint('klines_pk', ['symbol', 'period', 'open_time'])
      .execute();
    await db.schema
      .createTable('kline_progress')
      .addColumn('name', 'varchar(20)', (c) => c.primaryKey())
      .addColumn('last_trade_id', 'bigint', (c) => c.notNull())
      .execute();
  },
});
