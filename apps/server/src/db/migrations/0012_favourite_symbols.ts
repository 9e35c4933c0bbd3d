import type { Kysely, Migration } from 'kysely';
import type { Dialect } from '../database.ts';
import { notNull, withId } from './columns.ts';

/** Favourite markets kept on the server (optional/* calls): one row per user and market, read in the order added. */
export default (dialect: Dialect): Migration => ({
  // biome-ignore lint/suspicious/noExplicitAny: migrations run before the typed schema exists
  async up(db: Kysely<any>) {
    await withId(db.schema.createTable('favourite_symbols'), dialect)
      .addColumn('user_id', 'bigint', notNull)
      .addColumn('symbol', 'varchar(40)', notNull)
      .addColumn('created_at', 'bigint', notNull)
      .addUniqueConstraint('favourite_symbols_user_symbol', ['user_id', 'symbol'])
      .execute();
  },
});
