import type { Kysely, Migration } from 'kysely';
import type { Dialect } from '../database.ts';
import { notNull, withId } from './columns.ts';

/** Withdrawals: fees and limits per coin and chain, the address book, the withdrawals and their states. */
export default (dialect: Dialect): Migration => ({
  // biome-ignore lint/suspicious/noExplicitAny: migrations run before the typed schema exists
  async up(db: Kysely<any>) {
    await db.schema
      .createTable('withdraw_coin_chains')
      .addColumn('coin', 'varchar(20)', notNull)
      .addColumn('chain', 'varchar(30)', notNull)
      .addColumn('fee', 'varchar(40)', notNull)
      .addColumn('min_amount', 'varchar(40)', notNull)
      .addColumn('review_threshold', 'varchar(40)', notNull)
      .addColumn('daily_limit_basic', 'varchar(40)', notNull)
      .addColumn('daily_limit_verified', 'varchar(40)', notNull)
      .addColumn('updated_at', 'bigint', notNull)
      .addPrimaryKeyConstraint('withdraw_coin_chains_pk', ['coin', 'chain'])
      .execute();

    await withId(db.schema.createTable('withdraw_addresses'), dialect)
      .addColumn('user_id', 'bigint', notNull)
      .addColumn('coin', 'varchar(20)', notNull)
      .addColumn('chain', 'varchar(30)', notNull)
      .addColumn('address', 'varchar(100)', notNull)
      .addColumn('label', 'varchar(40)', notNull)
      .addColumn('created_at', 'bigint', notNull)
      .execute();
    await db.schema
      .createIndex('withdraw_addresses_unique')
      .on('withdraw_addresses')
      .columns(['user_id', 'coin', 'chain', 'address'])
      .unique()
      .execute();

    await withId(db.schema.createTable('withdrawals'), dialect)
      .addColumn('user_id', 'bigint', notNull)
      .addColumn('coin', 'varchar(20)', notNull)
      .addColumn('chain', 'varchar(30)', notNull)
      .addColumn('address', 'varchar(100)', notNull)
      .addColumn('amount', 'varchar(40)', notNull)
      .addColumn('fee', 'varchar(40)', notNull)
      .addColumn('state', 'varchar(20)', notNull)
      .addColumn('txid', 'varchar(100)', (c) => c.notNull().defaultTo(''))
      .addColumn('reason', 'varchar(500)', (c) => c.notNull().defaultTo(''))
      .addColumn('confirm_code_hash', 'varchar(64)', notNull)
      .addColumn('confirm_token_hash', 'varchar(64)', notNull)
      .addColumn('confirm_expires_at', 'bigint', notNull)
      .addColumn('confirm_attempts', 'integer', (c) => c.notNull().defaultTo(0))
      .addColumn('needs_review', 'integer', notNull)
      .addColumn('reviewed_by', 'varchar(100)', (c) => c.notNull().defaultTo(''))
      .addColumn('created_at', 'bigint', notNull)
      .addColumn('updated_at', 'bigint', notNull)
      .execute();
    await db.schema.createIndex('withdrawals_user').on('withdrawals').columns(['user_id', 'id']).execute();
    await db.schema.createIndex('withdrawals_state').on('withdrawals').columns(['state', 'id']).execute();
  },
});
