import type { Kysely } from 'kysely';
import type { Database } from '../../db/schema.ts';
import { inPreferredLanguage, languageChain } from '../../settings/languages.ts';

/** Footer link lists: per language, links grouped by list (e.g. "about", "service"), each 0 internal, 1 external, 3 copy. */
export interface FooterLinkInput {
  listKey: string;
  listTitle: string;
  lang: string;
  linkText: string;
  link: string;
  linkType: 0 | 1 | 3;
  sort?: number;
}

export async function addFooterLink(db: Kysely<Database>, input: FooterLinkInput): Promise<number> {
  const row = await db
    .insertInto('footer_links')
    .values({
      list_key: input.listKey,
      list_title: input.listTitle,
      lang: input.lang,
      link_text: input.linkText,
      link: input.link,
      link_type: input.linkType,
      sort: input.sort ?? 0,
    })
    .returning('id')
    .executeTakeFirstOrThrow();
  return Number(row.id);
}

export async function removeFooterLink(db: Kysely<Database>, id: number): Promise<boolean> {
  const result = await db.deleteFrom('footer_links').where('id', '=', id).executeTakeFirst();
  return Number(result.numDeletedRows) > 0;
}

export async function listFooterLinks(db: Kysely<Database>, lang: string) {
  const rows = await db
    .selectFrom('footer_links')
    .selectAll()
    .where('lang', 'in', languageChain(lang))
    .orderBy('sort')
    .orderBy('id')
    .execute();
  const lists = new Map<
    string,
    { key: string; title: string; list: { linkText: string; link: string; linkType: number }[] }
  >();
  for (const r of inPreferredLanguage(rows, lang)) {
    const list = lists.get(r.list_key) ?? { key: r.list_key, title: r.list_title, list: [] };
    list.list.push({ linkText: r.link_text, link: r.link, linkType: r.link_type });
    lists.set(r.list_key, list);
  }
  return [...lists.values()];
}
