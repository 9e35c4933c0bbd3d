import type { Kysely } from 'kysely';
import type { Database } from '../../db/schema.ts';

/** security/login_history and security/setting_history: the caller's own rows, newest first. */
export interface Page {
  page: number;
  pageSize: number;
}

export async function loginHistoryPage(db: Kysely<Database>, userId: number, { page, pageSize }: Page) {
  const own = db.selectFrom('login_history').where('user_id', '=', userId);
  const [{ n }, rows] = await Promise.all([
    own.select((eb) => eb.fn.countAll<number | string>().as('n')).executeTakeFirstOrThrow(),
    own
      .selectAll()
      .orderBy('id', 'desc')
      .limit(pageSize)
      .offset((page - 1) * pageSize)
      .execute(),
  ]);
  return {
    count: Number(n),
    list: rows.map((r) => ({
      id: Number(r.id),
      ip: r.ip,
      userAgent: r.user_agent,
      success: r.success,
      ctime: Number(r.created_at),
    })),
  };
}

export async function settingHistoryPage(db: Kysely<Database>, userId: number, { page, pageSize }: Page) {
  const own = db.selectFrom('setting_history').where('user_id', '=', userId);
  const [{ n }, rows] = await Promise.all([
    own.select((eb) => eb.fn.countAll<number | string>().as('n')).executeTakeFirstOrThrow(),
    own
      .selectAll()
      .orderBy('id', 'desc')
      .limit(pageSize)
      .offset((page - 1) * pageSize)
      .execute(),
  ]);
  return {
    count: Number(n),
    list: rows.map((r) => ({
      id: Number(r.id),
      action: r.action,
      ip: r.ip,
      userAgent: r.user_agent,
      ctime: Number(r.created_at),
    })),
  };
}
