import type { Kysely, Migration } from 'kysely';
import type { Dialect } from '../database.ts';

/**
 * A market buy placed by the base quantity to buy (the Open API's MARKET BUY with `quantity`) rather than by the
 * quote amount to spend: 1 marks it, and its volume is then that quantity.
 */
export default (_dialect: Dialect): Migration => ({
  // biome-ignore lint/suspicious/noExplicitAny: migrations run before the typed schema exists
  async up(db: Kysely<any>) {
    await db.schema
      .alterTable('orders')
      .addColumn('by_quantity', 'integer', (c) => c.notNull().defaultTo(0))
      .execute();
  },
});
