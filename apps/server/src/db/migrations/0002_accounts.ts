import type { Kysely, Migration } from 'kysely';
import type { Dialect } from '../database.ts';
import { notNull, withId } from './columns.ts';

/** Accounts: users, sessions, pending logins, verification codes, login history, rate limits, outbox, messages. */
export default (dialect: Dialect): Migration => ({
  // biome-ignore lint/suspicious/noExplicitAny: migrations run before the typed schema exists
  async up(db: Kysely<any>) {
    await withId(db.schema.createTable('users'), dialect)
      .addColumn('email', 'varchar(100)', (c) => c.unique())
      .addColumn('country_code', 'varchar(4)')
      .addColumn('mobile', 'varchar(20)')
      .addColumn('password_hash', 'varchar(200)', notNull)
      .addColumn('nickname', 'varchar(100)', notNull)
      .addColumn('invite_code', 'varchar(20)', (c) => c.notNull().unique())
      .addColumn('invited_by', 'bigint')
      .addColumn('status', 'integer', (c) => c.notNull().defaultTo(0))
      .addColumn('login_verify', 'integer', (c) => c.notNull().defaultTo(0))
      .addColumn('google_status', 'integer', (c) => c.notNull().defaultTo(0))
      .addColumn('is_open_mobile_check', 'integer', (c) => c.notNull().defaultTo(0))
      .addColumn('is_open_email_check', 'integer', (c) => c.notNull().defaultTo(0))
      .addColumn('created_at', 'bigint', notNull)
      .addColumn('updated_at', 'bigint', notNull)
      .addUniqueConstraint('users_phone_unique', ['country_code', 'mobile'])
      .execute();
    await db.schema.createIndex('users_mobile').on('users').column('mobile').execute();

    await db.schema
      .createTable('sessions')
      .addColumn('id', 'varchar(64)', (c) => c.primaryKey())
      .addColumn('user_id', 'bigint', notNull)
      .addColumn('ip', 'varchar(64)', notNull)
      .addColumn('user_agent', 'varchar(300)', notNull)
      .addColumn('created_at', 'bigint', notNull)
      .addColumn('last_seen_at', 'bigint', notNull)
      .addColumn('revoked_at', 'bigint')
      .execute();
    await db.schema.createIndex('sessions_user').on('sessions').column('user_id').execute();

    await withId(db.schema.createTable('pending_logins'), dialect)
      .addColumn('token_hash', 'varchar(64)', (c) => c.notNull().unique())
      .addColumn('user_id', 'bigint', notNull)
      .addColumn('factor_type', 'integer', notNull)
      .addColumn('expires_at', 'bigint', notNull)
      .addColumn('used_at', 'bigint')
      .addColumn('created_at', 'bigint', notNull)
      .execute();

    await withId(db.schema.createTable('verification_codes'), dialect)
      .addColumn('purpose', 'varchar(4)', notNull)
      .addColumn('channel', 'varchar(10)', notNull)
      .addColumn('target', 'varchar(100)', notNull)
      .addColumn('code_hash', 'varchar(64)', notNull)
      .addColumn('expires_at', 'bigint', notNull)
      .addColumn('failed_attempts', 'integer', (c) => c.notNull().defaultTo(0))
      .addColumn('used_at', 'bigint')
      .addColumn('created_at', 'bigint', notNull)
      .execute();
    await db.schema
      .createIndex('verification_codes_target')
      .on('verification_codes')
      .columns(['target', 'purpose', 'created_at'])
      .execute();

    await withId(db.schema.createTable('login_history'), dialect)
      .addColumn('user_id', 'bigint', notNull)
      .addColumn('ip', 'varchar(64)', notNull)
      .addColumn('user_agent', 'varchar(300)', notNull)
      .addColumn('success', 'integer', notNull)
      .addColumn('created_at', 'bigint', notNull)
      .execute();
    await db.schema.createIndex('login_history_user').on('login_history').columns(['user_id', 'created_at']).execute();

    await withId(db.schema.createTable('rate_limit_hits'), dialect)
      .addColumn('bucket', 'varchar(200)', notNull)
      .addColumn('created_at', 'bigint', notNull)
      .execute();
    await db.schema
      .createIndex('rate_limit_hits_bucket')
      .on('rate_limit_hits')
      .columns(['bucket', 'created_at'])
      .execute();

    await withId(db.schema.createTable('outbox'), dialect)
      .addColumn('channel', 'varchar(10)', notNull)
      .addColumn('recipient', 'varchar(100)', notNull)
      .addColumn('subject', 'varchar(200)', notNull)
      .addColumn('body', 'text', notNull)
      .addColumn('created_at', 'bigint', notNull)
      .addColumn('sent_at', 'bigint')
      .addColumn('error', 'text')
      .execute();

    await withId(db.schema.createTable('messages'), dialect)
      .addColumn('user_id', 'bigint', notNull)
      .addColumn('type', 'integer', notNull)
      .addColumn('title', 'varchar(200)', notNull)
      .addColumn('content', 'text', notNull)
      .addColumn('status', 'integer', (c) => c.notNull().defaultTo(0))
      .addColumn('deleted', 'integer', (c) => c.notNull().defaultTo(0))
      .addColumn('created_at', 'bigint', notNull)
      .execute();
    await db.schema.createIndex('messages_user').on('messages').columns(['user_id', 'deleted', 'status']).execute();
  },
});
