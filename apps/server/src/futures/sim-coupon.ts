import { ErrorCode } from '@opex/contract/error-codes';
import { enqueueMovement, waitForInbox } from '../core/core-inbox.ts';
import { SYSTEM_OWNER } from '../ledger/accounts.ts';
import type { Movement } from '../ledger/ledger.ts';
import { CallError } from '../platform/call-error.ts';
import type { Services } from '../services.ts';
import type { SettingsStore } from '../settings/settings-store.ts';

/**
 * Simulated trading's coupon (user/receive_coupon): test money for the simulated contracts, once per user, from the
 * `sim_faucet` account into the user's `co_sim` account. The operator sets it per margin coin (settings key
 * `sim_coupon`, e.g. `{"USDT":"10000"}`); unset, it is 10,000 USDT.
 */
export const SIM_COUPON_KEY = 'sim_coupon';
const DEFAULT_COUPON: Record<string, string> = { USDT: '10000' };

/** A coupon setting: coins to positive decimal amounts. */
export function validCoupon(value: unknown): boolean {
  return (
    typeof value === 'object' &&
    value !== null &&
    !Array.isArray(value) &&
    Object.keys(value).length > 0 &&
    Object.entries(value).every(
      ([coin, amount]) => /^[A-Za-z0-9]{1,20}$/.test(coin) && typeof amount === 'string' && positive.test(amount),
    )
  );
}
const positive = /^(?!0+(\.0+)?$)\d{1,20}(\.\d{1,18})?$/;

export const simCoupon = (settings: SettingsStore) =>
  settings.get<Record<string, string>>(SIM_COUPON_KEY, DEFAULT_COUPON);

/** The coupon's movement: each coin from the faucet into the user's simulated account. */
export function couponMovement(userId: number, coupon: Record<string, string>): Movement {
  return {
    cause: 'coupon',
    causeId: `coupon:${userId}`,
    postings: Object.entries(coupon).flatMap(([coin, amount]) => [
      {
        ownerId: SYSTEM_OWNER,
        account: 'sim_faucet',
        coin: coin.toUpperCase(),
        field: 'available',
        delta: `-${amount}`,
      },
      { ownerId: userId, account: 'co_sim', coin: coin.toUpperCase(), field: 'available', delta: amount },
    ]),
  };
}

/**
 * Grants the coupon: the flag (0 -> 1) and the movement are stored in one transaction, the movement through the
 * core's inbox, so it is applied exactly once even if the server stops before the core took it. Refused without a
 * futures account, and when claimed before.
 */
export async function claimCoupon(services: Services, userId: number): Promise<void> {
  const { db } = services.database;
  const movement = couponMovement(userId, await simCoupon(services.settings));
  const inboxId = await db.transaction().execute(async (trx) => {
    const claimed = await trx
      .updateTable('futures_users')
      .set({ coupon_tag: 1 })
      .where('user_id', '=', userId)
      .where('coupon_tag', '=', 0)
      .executeTakeFirst();
    return Number(claimed.numUpdatedRows) === 1 ? enqueueMovement(trx, movement, services.clock.now()) : null;
  });
  if (inboxId === null) {
    const opened = await db
      .selectFrom('futures_users')
      .select('user_id')
      .where('user_id', '=', userId)
      .executeTakeFirst();
    throw new CallError(opened ? ErrorCode.futuresCouponClaimed : ErrorCode.futuresNoAccount);
  }
  await services.core.applyInbox();
  await waitForInbox(db, inboxId);
}

/** Whether the user claimed the coupon (get_user_config's couponTag). */
export async function couponTag(services: Services, userId: number): Promise<number> {
  const row = await services.database.db
    .selectFrom('futures_users')
    .select('coupon_tag')
    .where('user_id', '=', userId)
    .executeTakeFirst();
  return row?.coupon_tag ?? 0;
}
