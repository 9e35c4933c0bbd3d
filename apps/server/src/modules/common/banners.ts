import type { Kysely } from 'kysely';
import type { Database } from '../../db/schema.ts';
import { inPreferredLanguage, languageChain } from '../../settings/languages.ts';

/** Home carousel slides, per language (fallback en_US), in sort order. */
export async function addBanner(
  db: Kysely<Database>,
  input: { lang: string; imageUrl: string; httpUrl: string; sort?: number },
): Promise<number> {
  const row = await db
    .insertInto('banners')
    .values({ lang: input.lang, image_url: input.imageUrl, http_url: input.httpUrl, sort: input.sort ?? 0 })
    .returning('id')
    .executeTakeFirstOrThrow();
  return Number(row.id);
}

export async function removeBanner(db: Kysely<Database>, id: number): Promise<boolean> {
  const result = await db.deleteFrom('banners').where('id', '=', id).executeTakeFirst();
  return Number(result.numDeletedRows) > 0;
}

export async function listBanners(db: Kysely<Database>, lang: string) {
  const rows = await db
    .selectFrom('banners')
    .selectAll()
    .where('lang', 'in', languageChain(lang))
    .orderBy('sort')
    .orderBy('id')
    .execute();
  return inPreferredLanguage(rows, lang).map((b) => ({ imageUrl: b.image_url, httpUrl: b.http_url }));
}
