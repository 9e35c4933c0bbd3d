import type { Kysely, Migration } from 'kysely';
import type { Dialect } from '../database.ts';
import { notNull } from './columns.ts';

/**
 * Listen keys per account: a key of the spot account (`exchange`, what every existing key is) or of one pair's
 * isolated margin account (`lever:BTCUSDT`, POST /sapi/v1/userDataStream/isolated), one per API key and account.
 * SQLite cannot drop the old one-per-API-key constraint, so the table is rebuilt with the keys it holds.
 */
export default (_dialect: Dialect): Migration => ({
  // biome-ignore lint/suspicious/noExplicitAny: migrations run before the typed schema exists
  async up(db: Kysely<any>) {
    await db.schema
      .createTable('listen_keys_next')
      .addColumn('listen_key', 'varchar(64)', (c) => c.primaryKey())
      .addColumn('api_key_id', 'bigint', notNull)
      .addColumn('account', 'varchar(40)', notNull)
      .addColumn('user_id', 'bigint', notNull)
      .addColumn('expires_at', 'bigint', notNull)
      .addColumn('created_at', 'bigint', notNull)
      .addUniqueConstraint('listen_keys_api_key_account', ['api_key_id', 'account'])
      .execute();
    await db
      .insertInto('listen_keys_next')
      .columns(['listen_key', 'api_key_id', 'account', 'user_id', 'expires_at', 'created_at'])
      .expression(
        db
          .selectFrom('listen_keys')
          .select((eb) => [
            'listen_key',
            'api_key_id',
            eb.val('exchange').as('account'),
            'user_id',
            'expires_at',
            'created_at',
          ]),
      )
      .execute();
    await db.schema.dropTable('listen_keys').execute();
    await db.schema.alterTable('listen_keys_next').renameTo('listen_keys').execute();
  },
});
