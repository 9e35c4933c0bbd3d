import type { getCost } from '@opex/contract/calls/withdraw';
import { ErrorCode } from '@opex/contract/error-codes';
import Big from 'big.js';
import type { z } from 'zod';
import type { AccountChecks } from '../../accounts/account-checks.ts';
import { loggedInUser } from '../../accounts/address-binding.ts';
import { findCoin } from '../../catalog/coins.ts';
import type { LoggedInContext } from '../../platform/call-binding.ts';
import { CallError } from '../../platform/call-error.ts';
import { withdrawalsHeldUntil } from '../../security-changes/security-changes.ts';
import { addressFormatOf, coinChains, dailyLimitOf, isVerified, usedToday } from './withdraw-settings.ts';

/** What the withdraw form shows before the trader types anything: chains, fees, minimums, limits, hold, factor. */
export async function withdrawCost(
  kit: AccountChecks,
  ctx: LoggedInContext,
  symbol: string,
): Promise<z.input<typeof getCost.reply>> {
  const { db } = kit.services.database;
  const now = kit.services.clock.now();
  const coin = await findCoin(db, symbol);
  if (!coin) throw new CallError(ErrorCode.coinNotFound);
  const user = await loggedInUser(kit, ctx);
  const [chains, verified, used, holdUntil, balance] = await Promise.all([
    coinChains(db, coin.symbol),
    isVerified(db, user.id),
    usedToday(db, user.id, coin.symbol, now),
    withdrawalsHeldUntil(db, user.id, now),
    db
      .selectFrom('balances')
      .select('available')
      .where('owner_id', '=', user.id)
      .where('account', '=', 'exchange')
      .where('coin', '=', coin.symbol)
      .executeTakeFirst(),
  ]);
  return {
    symbol: coin.symbol,
    withdrawOpen: coin.withdraw_open,
    scale: coin.scale,
    available: new Big(balance?.available ?? '0').toFixed(),
    usedToday: used.toFixed(),
    verified: verified ? 1 : 0,
    holdUntil,
    secondFactor: user.google_status === 1 ? 'google' : user.email ? 'email' : 'sms',
    chains: chains.map((c) => ({
      chain: c.chain,
      addressFormat: addressFormatOf(c),
      fee: c.fee,
      minAmount: c.min_amount,
      reviewThreshold: c.review_threshold,
      dailyLimit: dailyLimitOf(c, verified),
    })),
  };
}
