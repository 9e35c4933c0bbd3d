import type { Kysely, Migration } from 'kysely';
import type { Dialect } from '../database.ts';

/**
 * Stop-limit orders: the trigger price ('0' for every other order) and which way it waits (the engine's trigger
 * kind: 0 none, 1 stop, 2 take-profit), decided against the last price when it was placed and kept for a restart.
 */
export default (_dialect: Dialect): Migration => ({
  // biome-ignore lint/suspicious/noExplicitAny: migrations run before the typed schema exists
  async up(db: Kysely<any>) {
    await db.schema
      .alterTable('orders')
      .addColumn('trigger_price', 'text', (c) => c.notNull().defaultTo('0'))
      .execute();
    await db.schema
      .alterTable('orders')
      .addColumn('trigger_kind', 'integer', (c) => c.notNull().defaultTo(0))
      .execute();
  },
});
