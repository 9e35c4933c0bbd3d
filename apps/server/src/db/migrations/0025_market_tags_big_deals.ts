import type { Kysely, Migration } from 'kysely';
import type { Dialect } from '../database.ts';

/**
 * Per market, the operator's tags in each language (coin_tag_open; JSON { lang: [tag] }) and the least value in the
 * quote coin of a trade the large-trades panel lists (is_open_bigDeal; '0' lists none).
 */
export default (_dialect: Dialect): Migration => ({
  // biome-ignore lint/suspicious/noExplicitAny: migrations run before the typed schema exists
  async up(db: Kysely<any>) {
    await db.schema
      .alterTable('markets')
      .addColumn('tags', 'text', (c) => c.notNull().defaultTo('{}'))
      .execute();
    await db.schema
      .alterTable('markets')
      .addColumn('big_deal_min', 'text', (c) => c.notNull().defaultTo('0'))
      .execute();
  },
});
