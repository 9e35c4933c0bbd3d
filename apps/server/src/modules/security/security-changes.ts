import { MessageType } from '@opex/contract/calls/message';
import type { SecurityActionValue } from '@opex/contract/calls/security';
import type { Kysely } from 'kysely';
import type { Database } from '../../db/schema.ts';
import type { Clock } from '../../platform/clock.ts';
import { writeMessage } from '../message/messages.ts';

/**
 * What every security change leaves behind: a setting_history row, a message to the user, and a 24-hour hold on
 * withdrawals (so that whoever took over an account cannot change its factors and withdraw at once).
 */
export const WITHDRAW_HOLD_MS = 24 * 60 * 60_000;

/** The message title of each action, and the sentence that says what happened. */
const actionText: Record<SecurityActionValue, [title: string, what: string]> = {
  password_change: ['Password changed', 'The password of your account was changed; all sessions were logged out'],
  password_reset: ['Password reset', 'The password of your account was reset; all sessions were logged out'],
  email_bind: ['E-mail bound', 'An e-mail address was bound to your account'],
  email_change: ['E-mail changed', 'The e-mail address of your account was changed'],
  mobile_bind: ['Phone bound', 'A phone number was bound to your account'],
  mobile_change: ['Phone changed', 'The phone number of your account was changed'],
  google_bind: ['Google authenticator bound', 'Google authenticator was bound to your account'],
  google_close: ['Google authenticator removed', 'Google authenticator was removed from your account'],
  mobile_check_open: ['Phone verification on', 'Phone verification was turned on'],
  mobile_check_close: ['Phone verification off', 'Phone verification was turned off'],
  login_verify_change: ['Login verification changed', 'The login verification of your account was changed'],
  api_key_create: ['API key created', 'An API key was created for your account'],
  api_key_update: ['API key changed', 'An API key of your account was changed'],
  api_key_delete: ['API key deleted', 'An API key of your account was deleted'],
};

export interface Client {
  ip: string;
  userAgent: string;
}

/** Runs in the transaction of the change itself, so the change and its traces commit together. */
export async function recordSecurityChange(
  trx: Kysely<Database>,
  clock: Clock,
  userId: number,
  action: SecurityActionValue,
  client: Client,
): Promise<void> {
  const now = clock.now();
  const holdUntil = now + WITHDRAW_HOLD_MS;
  await trx
    .insertInto('setting_history')
    .values({ user_id: userId, action, ip: client.ip, user_agent: client.userAgent, created_at: now })
    .execute();
  await trx
    .insertInto('user_security')
    .values({ user_id: userId, withdraw_hold_until: holdUntil, fee_coin_open: 0, legal_tender: null, updated_at: now })
    .onConflict((oc) => oc.column('user_id').doUpdateSet({ withdraw_hold_until: holdUntil, updated_at: now }))
    .execute();
  const when = new Date(now).toISOString().replace('T', ' ').slice(0, 19);
  const [title, what] = actionText[action];
  await writeMessage(trx, clock, userId, {
    type: MessageType.security,
    title,
    content: `${what} at ${when} UTC from IP ${client.ip}. Withdrawals are held for 24 hours. If this was not you, contact support at once.`,
  });
}

/**
 * For the withdrawal flow: the epoch ms until which this user's withdrawals are held, or 0 when they are not
 * (a past hold counts as none).
 */
export async function withdrawalsHeldUntil(db: Kysely<Database>, userId: number, now: number): Promise<number> {
  const row = await db
    .selectFrom('user_security')
    .select('withdraw_hold_until')
    .where('user_id', '=', userId)
    .executeTakeFirst();
  const until = Number(row?.withdraw_hold_until ?? 0);
  return until > now ? until : 0;
}
