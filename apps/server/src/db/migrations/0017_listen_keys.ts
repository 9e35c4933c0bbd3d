import type { Kysely, Migration } from 'kysely';
import type { Dialect } from '../database.ts';
import { notNull } from './columns.ts';

/**
 * Listen keys of the Open API's user data stream (POST /api/v3/userDataStream): one per API key, valid until
 * expires_at (extended by each keep-alive) and while that key exists, kept in the database so a restart does not
 * end a bot's stream.
 */
export default (_dialect: Dialect): Migration => ({
  // biome-ignore lint/suspicious/noExplicitAny: migrations run before the typed schema exists
  async up(db: Kysely<any>) {
    await db.schema
      .createTable('listen_keys')
      .addColumn('listen_key', 'varchar(64)', (c) => c.primaryKey())
      .addColumn('api_key_id', 'bigint', (c) => c.notNull().unique())
      .addColumn('user_id', 'bigint', notNull)
      .addColumn('expires_at', 'bigint', notNull)
      .addColumn('created_at', 'bigint', notNull)
      .execute();
  },
});
