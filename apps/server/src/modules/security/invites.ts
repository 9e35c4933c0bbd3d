import type { Kysely } from 'kysely';
import { maskEmail, maskPhone } from '../../accounts/account-display.ts';
import type { UserRow } from '../../accounts/accounts.ts';
import type { Database } from '../../db/schema.ts';
import type { Page } from './histories.ts';

/** return/invite_info_list: the caller's invite code, its register path, and the accounts it brought (masked). */
export async function inviteInfo(db: Kysely<Database>, basePath: string, user: UserRow, { page, pageSize }: Page) {
  const invited = db.selectFrom('users').where('invited_by', '=', user.id);
  const [{ n }, rows] = await Promise.all([
    invited.select((eb) => eb.fn.countAll<number | string>().as('n')).executeTakeFirstOrThrow(),
    invited
      .select(['email', 'mobile', 'created_at'])
      .orderBy('id', 'desc')
      .limit(pageSize)
      .offset((page - 1) * pageSize)
      .execute(),
  ]);
  return {
    inviteCode: user.invite_code,
    invitePath: `${basePath}/register?inviteCode=${encodeURIComponent(user.invite_code)}`,
    count: Number(n),
    list: rows.map((r) => ({
      account: r.email ? maskEmail(r.email) : maskPhone(r.mobile ?? ''),
      ctime: Number(r.created_at),
    })),
  };
}
