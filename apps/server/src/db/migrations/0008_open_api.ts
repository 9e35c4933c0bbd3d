import type { Kysely, Migration } from 'kysely';
import type { Dialect } from '../database.ts';
import { notNull, withId } from './columns.ts';

/**
 * The Open API: API keys (the secret encrypted at rest, since HMAC needs it to verify each request), and what a
 * Binance-style order carries beyond the web's: its time in force and the post-only (LIMIT_MAKER) flag.
 */
export default (dialect: Dialect): Migration => ({
  // biome-ignore lint/suspicious/noExplicitAny: migrations run before the typed schema exists
  async up(db: Kysely<any>) {
    await withId(db.schema.createTable('api_keys'), dialect)
      .addColumn('user_id', 'bigint', notNull)
      .addColumn('label', 'varchar(40)', notNull)
      .addColumn('api_key', 'varchar(64)', (c) => c.notNull().unique())
      .addColumn('secret_sealed', 'varchar(200)', notNull)
      .addColumn('permissions', 'varchar(40)', notNull)
      .addColumn('ip_whitelist', 'varchar(400)', (c) => c.notNull().defaultTo(''))
      .addColumn('last_used_at', 'bigint')
      .addColumn('created_at', 'bigint', notNull)
      .addColumn('updated_at', 'bigint', notNull)
      .execute();
    await db.schema.createIndex('api_keys_user').on('api_keys').columns(['user_id', 'id']).execute();

    await db.schema
      .alterTable('orders')
      .addColumn('time_in_force', 'varchar(3)', (c) => c.notNull().defaultTo('GTC'))
      .execute();
    await db.schema
      .alterTable('orders')
      .addColumn('post_only', 'integer', (c) => c.notNull().defaultTo(0))
      .execute();
  },
});
