import type { Kysely, Migration } from 'kysely';
import type { Dialect } from '../database.ts';
import { notNull, withId } from './columns.ts';

/** Security centre: per-user security settings, TOTP secrets, setting history, KYC submissions. */
export default (dialect: Dialect): Migration => ({
  // biome-ignore lint/suspicious/noExplicitAny: migrations run before the typed schema exists
  async up(db: Kysely<any>) {
    await db.schema
      .createTable('user_security')
      .addColumn('user_id', 'bigint', (c) => c.primaryKey())
      .addColumn('withdraw_hold_until', 'bigint', (c) => c.notNull().defaultTo(0))
      .addColumn('fee_coin_open', 'integer', (c) => c.notNull().defaultTo(0))
      .addColumn('legal_tender', 'varchar(10)')
      .addColumn('updated_at', 'bigint', notNull)
      .execute();

    await db.schema
      .createTable('totp_secrets')
      .addColumn('user_id', 'bigint', (c) => c.primaryKey())
      .addColumn('pending_secret', 'varchar(64)')
      .addColumn('secret', 'varchar(64)')
      .addColumn('last_step', 'bigint', (c) => c.notNull().defaultTo(0))
      .addColumn('updated_at', 'bigint', notNull)
      .execute();

    await withId(db.schema.createTable('setting_history'), dialect)
      .addColumn('user_id', 'bigint', notNull)
      .addColumn('action', 'varchar(40)', notNull)
      .addColumn('ip', 'varchar(64)', notNull)
      .addColumn('user_agent', 'varchar(300)', notNull)
      .addColumn('created_at', 'bigint', notNull)
      .execute();
    await db.schema
      .createIndex('setting_history_user')
      .on('setting_history')
      .columns(['user_id', 'created_at'])
      .execute();

    await withId(db.schema.createTable('kyc_submissions'), dialect)
      .addColumn('user_id', 'bigint', notNull)
      .addColumn('real_name', 'varchar(100)', notNull)
      .addColumn('country_code', 'varchar(4)', notNull)
      .addColumn('cert_type', 'integer', notNull)
      .addColumn('cert_number', 'varchar(50)', notNull)
      .addColumn('front_img', 'varchar(100)', notNull)
      .addColumn('back_img', 'varchar(100)', notNull)
      .addColumn('hand_img', 'varchar(100)', notNull)
      .addColumn('status', 'integer', notNull)
      .addColumn('reason', 'varchar(500)', (c) => c.notNull().defaultTo(''))
      .addColumn('reviewed_by', 'varchar(100)')
      .addColumn('reviewed_at', 'bigint')
      .addColumn('created_at', 'bigint', notNull)
      .execute();
    await db.schema.createIndex('kyc_submissions_user').on('kyc_submissions').columns(['user_id', 'id']).execute();
    await db.schema.createIndex('kyc_submissions_status').on('kyc_submissions').columns(['status', 'id']).execute();
  },
});
