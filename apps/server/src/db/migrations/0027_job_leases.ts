import type { Kysely, Migration } from 'kysely';
import type { Dialect } from '../database.ts';

/** Per background job, which process runs it and until when (jobs/job-lease.ts). */
export default (_dialect: Dialect): Migration => ({
  // biome-ignore lint/suspicious/noExplicitAny: migrations run before the typed schema exists
  async up(db: Kysely<any>) {
    await db.schema
      .createTable('job_leases')
      .addColumn('name', 'varchar(100)', (c) => c.primaryKey())
      .addColumn('holder', 'varchar(200)', (c) => c.notNull())
      .addColumn('expires_at', 'bigint', (c) => c.notNull())
      .execute();
  },
});
