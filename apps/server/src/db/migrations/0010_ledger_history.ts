import type { Kysely, Migration } from 'kysely';
import type { Dialect } from '../database.ts';

/** The ledger history page reads one owner's rows newest first (by id), filtered by account, cause or coin. */
export default (_dialect: Dialect): Migration => ({
  // biome-ignore lint/suspicious/noExplicitAny: migrations run before the typed schema exists
  async up(db: Kysely<any>) {
    await db.schema.createIndex('ledger_entries_owner_id').on('ledger_entries').columns(['owner_id', 'id']).execute();
  },
});
