import type { Kysely, Migration } from 'kysely';
import type { Dialect } from '../database.ts';
import { notNull, withId } from './columns.ts';

/**
 * Futures prices and funding (apps/server/src/futures/, core/futures/funding-commands.ts): each contract's index and
 * mark price as one-minute bars, the premium sampled each minute, and each settled funding's rate with the mark at
 * that moment. Prices and rates are exact decimal strings.
 */
export default (dialect: Dialect): Migration => ({
  // biome-ignore lint/suspicious/noExplicitAny: migrations run before the typed schema exists
  async up(db: Kysely<any>) {
    await db.schema
      .createTable('futures_price_klines')
      .addColumn('contract_id', 'bigint', notNull)
      .addColumn('kind', 'varchar(5)', notNull)
      .addColumn('open_time', 'bigint', notNull)
      .addColumn('open', 'text', notNull)
      .addColumn('high', 'text', notNull)
      .addColumn('low', 'text', notNull)
      .addColumn('close', 'text', notNull)
      .addPrimaryKeyConstraint('futures_price_klines_pk', ['contract_id', 'kind', 'open_time'])
      .execute();
    await db.schema
      .createTable('funding_samples')
      .addColumn('contract_id', 'bigint', notNull)
      .addColumn('at', 'bigint', notNull)
      .addColumn('premium', 'text', notNull)
      .addColumn('index_price', 'text', notNull)
      .addPrimaryKeyConstraint('funding_samples_pk', ['contract_id', 'at'])
      .execute();
    await withId(db.schema.createTable('funding_rates'), dialect)
      .addColumn('contract_id', 'bigint', notNull)
      .addColumn('funding_time', 'bigint', notNull)
      .addColumn('rate', 'text', notNull)
      .addColumn('mark', 'text')
      .addColumn('samples', 'integer', notNull)
      .execute();
    await db.schema
      .createIndex('funding_rates_contract_time')
      .on('funding_rates')
      .columns(['contract_id', 'funding_time'])
      .unique()
      .execute();
  },
});
