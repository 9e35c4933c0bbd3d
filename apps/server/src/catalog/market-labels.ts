import type { Kysely } from 'kysely';
import type { Database } from '../db/schema.ts';

/** What lists and the trade page show beside a market, set by the operator apart from its trading rules. */

/** Replaces the market's tags in one language; an empty list removes that language. */
export async function setMarketTags(
  db: Kysely<Database>,
  symbol: string,
  lang: string,
  tags: string[],
  now: number,
): Promise<void> {
  const row = await db.selectFrom('markets').select('tags').where('symbol', '=', symbol).executeTakeFirstOrThrow();
  const byLang = JSON.parse(row.tags) as Record<string, string[]>;
  if (tags.length === 0) delete byLang[lang];
  else byLang[lang] = tags;
  await db
    .updateTable('markets')
    .set({ tags: JSON.stringify(byLang), updated_at: now })
    .where('symbol', '=', symbol)
    .execute();
}

export async function setBigDealMin(db: Kysely<Database>, symbol: string, minValue: string, now: number) {
  await db
    .updateTable('markets')
    .set({ big_deal_min: minValue, updated_at: now })
    .where('symbol', '=', symbol)
    .execute();
}
