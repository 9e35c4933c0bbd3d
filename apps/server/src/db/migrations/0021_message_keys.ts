import type { Kysely, Migration } from 'kysely';
import { keyOfEnglishText } from '../../messages/message-render.ts';
import type { Dialect } from '../database.ts';

/**
 * Messages keep a key and parameters, so that each is read in its reader's language. The messages written before
 * (English text) get the key and parameters of the template they were written from; any other text stays as it is.
 */
const PAGE = 500;

export default (_dialect: Dialect): Migration => ({
  // biome-ignore lint/suspicious/noExplicitAny: migrations run before the typed schema exists
  async up(db: Kysely<any>) {
    await db.schema
      .alterTable('messages')
      .addColumn('message_key', 'varchar(64)', (c) => c.notNull().defaultTo(''))
      .execute();
    await db.schema
      .alterTable('messages')
      .addColumn('params', 'text', (c) => c.notNull().defaultTo('{}'))
      .execute();
    await keyStoredEnglishMessages(db);
  },
});

/** Gives each message stored as English text of one of our templates its key and parameters. */
// biome-ignore lint/suspicious/noExplicitAny: runs inside the migration, before the typed schema exists
export async function keyStoredEnglishMessages(db: Kysely<any>): Promise<void> {
  let after = 0;
  for (;;) {
    const rows: { id: number; title: string; content: string }[] = await db
      .selectFrom('messages')
      .select(['id', 'title', 'content'])
      .where('id', '>', after)
      .where('message_key', '=', '')
      .orderBy('id')
      .limit(PAGE)
      .execute();
    for (const row of rows) {
      const keyed = keyOfEnglishText(row.title, row.content);
      if (!keyed) continue;
      await db
        .updateTable('messages')
        .set({ message_key: keyed.key, params: JSON.stringify(keyed.params) })
        .where('id', '=', row.id)
        .execute();
    }
    if (rows.length < PAGE) return;
    after = Number(rows.at(-1)?.id);
  }
}
