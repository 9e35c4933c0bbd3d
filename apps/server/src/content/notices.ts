import type { Kysely } from 'kysely';
import type { Database } from '../db/schema.ts';
import { FALLBACK_LANGUAGE } from '../settings/languages.ts';

/** Site notices, one row per language; a language without any notice shows the fallback language's. */
export interface NoticeInput {
  lang: string;
  title: string;
  content: string;
}

export async function addNotice(db: Kysely<Database>, input: NoticeInput, now: number): Promise<number> {
  const row = await db
    .insertInto('notices')
    .values({ ...input, created_at: now, updated_at: now })
    .returning('id')
    .executeTakeFirstOrThrow();
  return Number(row.id);
}

export async function removeNotice(db: Kysely<Database>, id: number): Promise<boolean> {
  const result = await db.deleteFrom('notices').where('id', '=', id).executeTakeFirst();
  return Number(result.numDeletedRows) > 0;
}

async function noticeLanguage(db: Kysely<Database>, lang: string): Promise<string> {
  const own = await db.selectFrom('notices').select('id').where('lang', '=', lang).limit(1).executeTakeFirst();
  return own ? lang : FALLBACK_LANGUAGE;
}

/** A page of notices, newest first, with the total count. */
export async function listNotices(db: Kysely<Database>, lang: string, page: number, pageSize: number) {
  const shown = await noticeLanguage(db, lang);
  const [rows, total] = await Promise.all([
    db
      .selectFrom('notices')
      .select(['id', 'title', 'created_at'])
      .where('lang', '=', shown)
      .orderBy('created_at', 'desc')
      .orderBy('id', 'desc')
      .limit(pageSize)
      .offset((page - 1) * pageSize)
      .execute(),
    db
      .selectFrom('notices')
      .select((eb) => eb.fn.countAll<number>().as('n'))
      .where('lang', '=', shown)
      .executeTakeFirstOrThrow(),
  ]);
  return {
    count: Number(total.n),
    noticeInfoList: rows.map((r) => ({ id: Number(r.id), title: r.title, ctime: r.created_at })),
  };
}

export async function findNotice(db: Kysely<Database>, id: number) {
  return db.selectFrom('notices').selectAll().where('id', '=', id).executeTakeFirst();
}
