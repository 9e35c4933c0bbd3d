import type { Kysely, Migration } from 'kysely';
import type { Dialect } from '../database.ts';

/**
 * Products on one core: each order names the account it trades on (spot's exchange account; margin's per pair),
 * and the scheduler's marks record, per task, the last moment turned into commands, written in the same
 * transaction as those commands, so a restart neither repeats nor skips one.
 */
export default (_dialect: Dialect): Migration => ({
  // biome-ignore lint/suspicious/noExplicitAny: migrations run before the typed schema exists
  async up(db: Kysely<any>) {
    await db.schema
      .alterTable('orders')
      .addColumn('account', 'text', (c) => c.notNull().defaultTo('exchange'))
      .execute();
    await db.schema
      .createTable('schedule_marks')
      .addColumn('task', 'text', (c) => c.primaryKey())
      .addColumn('done_until', 'bigint', (c) => c.notNull())
      .execute();
  },
});
