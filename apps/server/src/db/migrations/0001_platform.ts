import type { Kysely, Migration } from 'kysely';
import type { Dialect } from '../database.ts';
import { withId } from './columns.ts';

/** Operator settings (switches, brand, ...) as key/value JSON, and the audit trail of every operator change. */
export default (dialect: Dialect): Migration => ({
  // biome-ignore lint/suspicious/noExplicitAny: migrations run before the typed schema exists
  async up(db: Kysely<any>) {
    await db.schema
      .createTable('settings')
      .addColumn('key', 'varchar(100)', (c) => c.primaryKey())
      .addColumn('value', 'text', (c) => c.notNull())
      .addColumn('updated_at', 'bigint', (c) => c.notNull())
      .execute();
    await withId(db.schema.createTable('audit_log'), dialect)
      .addColumn('actor', 'varchar(100)', (c) => c.notNull())
      .addColumn('action', 'varchar(100)', (c) => c.notNull())
      .addColumn('subject', 'varchar(200)', (c) => c.notNull())
      .addColumn('detail', 'text', (c) => c.notNull())
      .addColumn('created_at', 'bigint', (c) => c.notNull())
      .execute();
  },
});
