import type { Kysely, Migration } from 'kysely';
import type { Dialect } from '../database.ts';
import { notNull } from './columns.ts';

/**
 * What the index prices are anchored to, both set by the operator: coins whose price is fixed in a fiat (a stablecoin
 * pegged 1:1, or a coin the operator prices), and each fiat's exchange rate per US dollar.
 */
export default (_dialect: Dialect): Migration => ({
  // biome-ignore lint/suspicious/noExplicitAny: migrations run before the typed schema exists
  async up(db: Kysely<any>) {
    await db.schema
      .createTable('price_anchors')
      .addColumn('coin', 'varchar(20)', (c) => c.primaryKey())
      .addColumn('fiat', 'varchar(10)', notNull)
      .addColumn('price', 'text', notNull)
      .addColumn('updated_at', 'bigint', notNull)
      .execute();
    await db.schema
      .createTable('fx_rates')
      .addColumn('fiat', 'varchar(10)', (c) => c.primaryKey())
      .addColumn('per_usd', 'text', notNull)
      .addColumn('updated_at', 'bigint', notNull)
      .execute();
  },
});
