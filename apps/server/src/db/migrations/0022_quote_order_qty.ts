import type { Kysely, Migration } from 'kysely';
import type { Dialect } from '../database.ts';

/**
 * The quote amount a market order was placed by (Binance's origQuoteOrderQty): a market buy's amount to spend, or a
 * market sell's amount to receive (the Open API's quoteOrderQty), which its volume no longer holds once the core
 * sized the sell in lots. '0' for any other order; the market buys placed before get their volume.
 */
export default (_dialect: Dialect): Migration => ({
  // biome-ignore lint/suspicious/noExplicitAny: migrations run before the typed schema exists
  async up(db: Kysely<any>) {
    await db.schema
      .alterTable('orders')
      .addColumn('quote_order_qty', 'text', (c) => c.notNull().defaultTo('0'))
      .execute();
    await db
      .updateTable('orders')
      .set((eb) => ({ quote_order_qty: eb.ref('volume') }))
      .where('type', '=', 2)
      .where('side', '=', 'BUY')
      .where('by_quantity', '=', 0)
      .execute();
  },
});
