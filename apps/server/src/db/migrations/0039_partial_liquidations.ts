import type { Kysely, Migration } from 'kysely';
import type { Dialect } from '../database.ts';

/**
 * Partial liquidation by bracket (core/futures/futures-liquidation.ts): each futures_liquidations row says whether it
 * closed the position whole or reduced it by bracket through the book, and how many contracts a reduction aimed to
 * leave. Rows written before were whole liquidations.
 */
export default (_dialect: Dialect): Migration => ({
  // biome-ignore lint/suspicious/noExplicitAny: migrations run before the typed schema exists
  async up(db: Kysely<any>) {
    await db.schema
      .alterTable('futures_liquidations')
      .addColumn('kind', 'text', (c) => c.notNull().defaultTo('whole'))
      .execute();
    await db.schema
      .alterTable('futures_liquidations')
      .addColumn('keep', 'text', (c) => c.notNull().defaultTo('0'))
      .execute();
  },
});
