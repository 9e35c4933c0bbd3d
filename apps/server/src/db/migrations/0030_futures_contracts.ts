import type { Kysely, Migration } from 'kysely';
import type { Dialect } from '../database.ts';
import { notNull, withId } from './columns.ts';

/**
 * The futures catalogue: each contract the operator lists (perpetual or dated, linear or inverse) with its trading
 * rules, and its leverage brackets. A contract's name is not unique: a dated contract rolls by delisting the
 * delivered one and listing its successor under the same name, and the delisted row stays for its history.
 */
export default (dialect: Dialect): Migration => ({
  // biome-ignore lint/suspicious/noExplicitAny: migrations run before the typed schema exists
  async up(db: Kysely<any>) {
    await withId(db.schema.createTable('contracts'), dialect)
      .addColumn('contract_name', 'varchar(50)', notNull)
      .addColumn('contract_type', 'varchar(1)', notNull)
      .addColumn('contract_side', 'integer', notNull)
      .addColumn('base', 'varchar(20)', notNull)
      .addColumn('quote', 'varchar(20)', notNull)
      .addColumn('margin_coin', 'varchar(20)', notNull)
      .addColumn('multiplier', 'text', notNull)
      .addColumn('multiplier_coin', 'varchar(20)', notNull)
      .addColumn('price_precision', 'integer', notNull)
      .addColumn('min_order_volume', 'text', notNull)
      .addColumn('max_limit_volume', 'text', notNull)
      .addColumn('min_order_money', 'text', notNull)
      .addColumn('max_market_money', 'text', notNull)
      .addColumn('price_range', 'text', notNull)
      .addColumn('capital_frequency', 'integer', notNull)
      .addColumn('capital_start_time', 'integer', notNull)
      .addColumn('funding_cap', 'text', notNull)
      .addColumn('maker_fee', 'text', notNull)
      .addColumn('taker_fee', 'text', notNull)
      .addColumn('delivery_time', 'bigint')
      .addColumn('status', 'varchar(10)', notNull)
      .addColumn('sort', 'integer', notNull)
      .addColumn('depth_steps', 'varchar(200)', notNull)
      .addColumn('funds_in_status', 'integer', notNull)
      .addColumn('funds_out_status', 'integer', notNull)
      .addColumn('created_at', 'bigint', notNull)
      .addColumn('updated_at', 'bigint', notNull)
      .execute();
    await db.schema.createIndex('contracts_name').on('contracts').columns(['contract_name', 'status']).execute();
    await db.schema
      .createTable('contract_brackets')
      .addColumn('contract_id', 'bigint', notNull)
      .addColumn('tier', 'integer', notNull)
      .addColumn('max_notional', 'text', notNull)
      .addColumn('max_leverage', 'integer', notNull)
      .addColumn('maintenance_rate', 'text', notNull)
      .addColumn('cumulative_amount', 'text', notNull)
      .addPrimaryKeyConstraint('contract_brackets_pk', ['contract_id', 'tier'])
      .execute();
  },
});
