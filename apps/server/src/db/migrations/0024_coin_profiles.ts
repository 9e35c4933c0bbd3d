import type { Kysely, Migration } from 'kysely';
import type { Dialect } from '../database.ts';

/** A coin's profile beside its introduction: issue date, supply, website and white paper (JSON, '{}' unset). */
export default (_dialect: Dialect): Migration => ({
  // biome-ignore lint/suspicious/noExplicitAny: migrations run before the typed schema exists
  async up(db: Kysely<any>) {
    await db.schema
      .alterTable('coins')
      .addColumn('profile', 'text', (c) => c.notNull().defaultTo('{}'))
      .execute();
  },
});
