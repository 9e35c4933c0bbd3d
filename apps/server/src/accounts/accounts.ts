import { randomInt } from 'node:crypto';
import { ErrorCode } from '@opex/contract/error-codes';
import type { Kysely, Selectable } from 'kysely';
import type { Database } from '../db/schema.ts';
import type { UsersTable } from '../db/tables/accounts.ts';
import { CallError } from '../platform/call-error.ts';
import type { Clock } from '../platform/clock.ts';
import { maskEmail, maskPhone } from './account-display.ts';
import { hashPassword, type PasswordCost } from './passwords.ts';
import type { CodeChannel } from './verification-codes.ts';

/** Users: lookup by e-mail or phone, creation (shared by registration, the demo seed and tests). */
export type UserRow = Selectable<UsersTable>;

export type AccountKey = { email: string } | { countryCode?: string | undefined; mobile: string };

/** Where a code for an account goes: its channel, the key codes are bound to, and the delivery address. */
export interface CodeTarget {
  channel: CodeChannel;
  target: string;
  address: string;
}

export function emailTarget(email: string): CodeTarget {
  return { channel: 'email', target: email, address: email };
}

export function phoneTarget(countryCode: string, mobile: string): CodeTarget {
  return { channel: 'sms', target: `${countryCode}-${mobile}`, address: `${countryCode}${mobile}` };
}

export function accountTarget(key: AccountKey): CodeTarget {
  return 'email' in key ? emailTarget(key.email) : phoneTarget(key.countryCode ?? '', key.mobile);
}

/** A user's own code target: the e-mail when there is one, else the phone. */
export function userTarget(user: UserRow): CodeTarget {
  if (user.email) return emailTarget(user.email);
  return phoneTarget(user.country_code ?? '', user.mobile ?? '');
}

/** The account named by the key; null when none, or when a phone number without country code is ambiguous. */
export async function findUserByAccount(db: Kysely<Database>, key: AccountKey): Promise<UserRow | null> {
  let query = db.selectFrom('users').selectAll();
  if ('email' in key) query = query.where('email', '=', key.email.toLowerCase());
  else {
    query = query.where('mobile', '=', key.mobile);
    if (key.countryCode) query = query.where('country_code', '=', key.countryCode);
  }
  const rows = await query.limit(2).execute();
  return rows.length === 1 ? rows[0]! : null;
}

export async function findUserById(db: Kysely<Database>, id: number): Promise<UserRow | null> {
  return (await db.selectFrom('users').selectAll().where('id', '=', id).executeTakeFirst()) ?? null;
}

export async function findUserByInviteCode(db: Kysely<Database>, inviteCode: string): Promise<UserRow | null> {
  const row = await db
    .selectFrom('users')
    .selectAll()
    .where('invite_code', '=', inviteCode.toUpperCase())
    .executeTakeFirst();
  return row ?? null;
}

// No 0/O or 1/I: invite codes are read aloud and typed by hand.
const INVITE_ALPHABET = 'ABCDEFGHJKLMNPQRSTUVWXYZ23456789';

async function uniqueInviteCode(db: Kysely<Database>): Promise<string> {
  for (;;) {
    const code = Array.from({ length: 8 }, () => INVITE_ALPHABET[randomInt(INVITE_ALPHABET.length)]).join('');
    if (!(await findUserByInviteCode(db, code))) return code;
  }
}

export interface NewUser {
  email?: string | undefined;
  countryCode?: string | undefined;
  mobile?: string | undefined;
  password: string;
  invitedBy?: number | null;
  nickname?: string;
}

/** Creates an account as registration does, minus the code and captcha checks. Refuses a taken e-mail or phone. */
export async function createUser(
  db: Kysely<Database>,
  clock: Clock,
  input: NewUser,
  cost?: PasswordCost,
): Promise<UserRow> {
  const email = input.email?.toLowerCase() ?? null;
  const mobile = input.mobile ?? null;
  if (!email && !mobile) throw new Error('createUser needs an e-mail or a phone number');
  if (mobile && !input.countryCode) throw new Error('createUser needs a country code with a phone number');
  const key: AccountKey = email ? { email } : { countryCode: input.countryCode, mobile: mobile! };
  if (await findUserByAccount(db, key)) throw new CallError(ErrorCode.accountExists);
  const now = clock.now();
  return db
    .insertInto('users')
    .values({
      email,
      country_code: mobile ? input.countryCode! : null,
      mobile,
      password_hash: await hashPassword(input.password, cost),
      nickname: input.nickname ?? (email ? maskEmail(email) : maskPhone(mobile!)),
      invite_code: await uniqueInviteCode(db),
      invited_by: input.invitedBy ?? null,
      status: 0,
      login_verify: 0,
      google_status: 0,
      is_open_mobile_check: mobile ? 1 : 0,
      is_open_email_check: email ? 1 : 0,
      created_at: now,
      updated_at: now,
    })
    .returningAll()
    .executeTakeFirstOrThrow();
}
