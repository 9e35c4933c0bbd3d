import { MessageType } from '@opex/contract/calls/message';
import type { SecurityActionValue } from '@opex/contract/calls/security';
import type { Kysely } from 'kysely';
import type { Database } from '../db/schema.ts';
import { writeMessage } from '../messages/messages.ts';
import type { Clock } from '../platform/clock.ts';

/**
 * What every security change leaves behind: a setting_history row, a message to the user, and a 24-hour hold on
 * withdrawals (so that whoever took over an account cannot change its factors and withdraw at once).
 */
export const WITHDRAW_HOLD_MS = 24 * 60 * 60_000;

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
  await writeMessage(trx, clock, userId, {
    type: MessageType.security,
    key: `security.${action}`,
    params: { when, ip: client.ip },
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
