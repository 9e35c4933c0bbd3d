import type { Kysely, Migration } from 'kysely';
import type { Dialect } from '../database.ts';

/**
 * Fees paid in the platform coin (user/update_fee_coin_open): each trade names the coin each side's fee was charged
 * in ('' on rows written before: the side's usual coin, base for the buyer and quote for the seller), and an order
 * keeps what it paid in the platform coin apart from its fee in fee_coin.
 */
export default (_dialect: Dialect): Migration => ({
  // biome-ignore lint/suspicious/noExplicitAny: migrations run before the typed schema exists
  async up(db: Kysely<any>) {
    await db.schema
      .alterTable('trades')
      .addColumn('buyer_fee_coin', 'varchar(20)', (c) => c.notNull().defaultTo(''))
      .execute();
    await db.schema
      .alterTable('trades')
      .addColumn('seller_fee_coin', 'varchar(20)', (c) => c.notNull().defaultTo(''))
      .execute();
    await db.schema
      .alterTable('orders')
      .addColumn('platform_fee', 'text', (c) => c.notNull().defaultTo('0'))
      .execute();
    await db.schema
      .alterTable('orders')
      .addColumn('platform_fee_coin', 'varchar(20)', (c) => c.notNull().defaultTo(''))
      .execute();
  },
});
