import type { Kysely, Migration } from 'kysely';
import type { Dialect } from '../database.ts';
import { notNull } from './columns.ts';

/**
 * The futures user settings (contract-notes-products.md §1.2): who has opened a futures account, and each user's
 * settings per contract. A settings row is written at a user's first edit of that contract; until then the
 * defaults (futures/user-config.ts) apply, so a newly listed contract needs no rows for its users.
 */
export default (_dialect: Dialect): Migration => ({
  // biome-ignore lint/suspicious/noExplicitAny: migrations run before the typed schema exists
  async up(db: Kysely<any>) {
    await db.schema
      .createTable('futures_users')
      .addColumn('user_id', 'bigint', (c) => c.primaryKey())
      .addColumn('opened_at', 'bigint', notNull)
      .execute();
    await db.schema
      .createTable('futures_user_config')
      .addColumn('user_id', 'bigint', notNull)
      .addColumn('contract_id', 'bigint', notNull)
      .addColumn('now_level', 'integer', notNull)
      .addColumn('margin_model', 'integer', notNull)
      .addColumn('position_model', 'integer', notNull)
      .addColumn('co_unit', 'integer', notNull)
      .addColumn('pc_second_confirm', 'integer', notNull)
      .addColumn('expire_time', 'integer', notNull)
      .addColumn('updated_at', 'bigint', notNull)
      .addPrimaryKeyConstraint('futures_user_config_pk', ['user_id', 'contract_id'])
      .execute();
  },
});
