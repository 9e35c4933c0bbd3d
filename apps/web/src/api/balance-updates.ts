/**
 * Balance pushes (the private channel's BalanceUpdate) merged into the cached exchange-account balances, in place: a
 * listed coin takes the pushed available and locked amounts. Its BTC valuation needs prices the push does not carry,
 * so it stays as read until the call is next read.
 */
import type { CallReply } from '@opex/contract/call';
import { accountBalance, accountBalanceV5 } from '@opex/contract/calls/finance';
import type { BalanceUpdate } from '@opex/contract/realtime';
import type { QueryClient, QueryKey } from '@tanstack/react-query';
import Big from 'big.js';
import { callKey } from './query.ts';

type BalancePage = CallReply<typeof accountBalanceV5>;

/** The account the balance calls (finance/account_balance and its v5) report: the spot exchange account. */
export const EXCHANGE_ACCOUNT = 'exchange';

export function balancesWith(page: BalancePage, update: BalanceUpdate): BalancePage {
  const coin = page.allCoinMap[update.coin];
  if (update.account !== EXCHANGE_ACCOUNT || !coin) return page;
  const total = new Big(update.available).plus(update.locked).toFixed();
  const next = { ...coin, normal_balance: update.available, lock_balance: update.locked, total_balance: total };
  return { ...page, allCoinMap: { ...page.allCoinMap, [update.coin]: next } };
}

/**
 * Merges balance pushes (oldest first) into every cached answer of the exchange-account balance calls. Answers the
 * keys to read again: those being read right now (their answer may predate the push). The others are marked stale
 * without being read now, so their valuation is read again when next shown.
 */
export function mergeBalanceUpdates(queryClient: QueryClient, updates: readonly BalanceUpdate[]): QueryKey[] {
  const reread: QueryKey[] = [];
  for (const call of [accountBalance, accountBalanceV5])
    for (const [key, page] of queryClient.getQueriesData<BalancePage>({ queryKey: callKey(call) })) {
      if (!page) continue;
      const next = updates.reduce(balancesWith, page);
      if (next === page) continue;
      queryClient.setQueryData(key, next);
      if (queryClient.getQueryState(key)?.fetchStatus === 'fetching') reread.push(key);
      else void queryClient.invalidateQueries({ queryKey: key, exact: true, refetchType: 'none' });
    }
  return reread;
}
