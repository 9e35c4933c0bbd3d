import type { Kysely, Migration } from 'kysely';
import type { Dialect } from '../database.ts';

/**
 * Per market, the operator's minimum order value (in the quote coin) and price band around the last trade price
 * (percent up for buys, down for sells); '0' turns each off, as on markets listed before. Per order, its self-trade
 * prevention mode (Binance's names; orders placed before had none).
 */
export default (_dialect: Dialect): Migration => ({
  // biome-ignore lint/suspicious/noExplicitAny: migrations run before the typed schema exists
  async up(db: Kysely<any>) {
    for (const column of ['min_notional', 'price_band_up', 'price_band_down']) {
      await db.schema
        .alterTable('markets')
        .addColumn(column, 'text', (c) => c.notNull().defaultTo('0'))
        .execute();
    }
    await db.schema
      .alterTable('orders')
      .addColumn('stp_mode', 'text', (c) => c.notNull().defaultTo('NONE'))
      .execute();
  },
});
