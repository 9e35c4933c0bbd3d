import type { Kysely, Migration } from 'kysely';
import type { Dialect } from '../database.ts';

/** Per chain, the operator's block-explorer address of a transaction ('https://.../tx/{txid}'; '' none). */
export default (_dialect: Dialect): Migration => ({
  // biome-ignore lint/suspicious/noExplicitAny: migrations run before the typed schema exists
  async up(db: Kysely<any>) {
    await db.schema
      .alterTable('chains')
      .addColumn('explorer_tx', 'text', (c) => c.notNull().defaultTo(''))
      .execute();
  },
});
