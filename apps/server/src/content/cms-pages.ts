import type { Kysely } from 'kysely';
import type { Database } from '../db/schema.ts';
import { languageChain } from '../settings/languages.ts';

/** Operator pages by key and language (footerPage children, the home footer/header templates). */
export interface CmsPageInput {
  key: string;
  lang: string;
  title: string;
  body: string;
}

export async function saveCmsPage(db: Kysely<Database>, page: CmsPageInput, now: number): Promise<void> {
  const row = { page_key: page.key, lang: page.lang, title: page.title, body: page.body, updated_at: now };
  await db
    .insertInto('cms_pages')
    .values(row)
    .onConflict((oc) =>
      oc.columns(['page_key', 'lang']).doUpdateSet({ title: row.title, body: row.body, updated_at: now }),
    )
    .execute();
}

/** The page in the caller's language, else in the fallback language; undefined when neither exists. */
export async function findCmsPage(db: Kysely<Database>, key: string, lang: string) {
  const chain = languageChain(lang);
  const rows = await db
    .selectFrom('cms_pages')
    .selectAll()
    .where('page_key', '=', key)
    .where('lang', 'in', chain)
    .execute();
  return chain.map((l) => rows.find((r) => r.lang === l)).find(Boolean);
}
