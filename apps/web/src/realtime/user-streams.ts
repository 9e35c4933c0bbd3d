import type { CallDef } from '@opex/contract/call';
import { accountBalance, accountBalanceV5 } from '@opex/contract/calls/finance';
import { financeAccountTypeBalance } from '@opex/contract/calls/finance-transfer';
import { orderEntrustHistory, orderListAll, orderListNew } from '@opex/contract/calls/order';
import { recordOtherTransferList } from '@opex/contract/calls/record-ledger';
import { tradeList, tradeListByOrder } from '@opex/contract/calls/trade';
import { channels, type DepositUpdate } from '@opex/contract/realtime';
import { useQueryClient } from '@tanstack/react-query';
import { useEffect } from 'react';
import { mergeDepositUpdates } from '../api/deposit.ts';
import { invalidateCall } from '../api/query.ts';
import { useSession } from '../api/user.ts';
import { realtimeClient } from './realtime-client.ts';

/** What each private channel makes stale: an order change moves fills and locked funds, a balance change balances. */
const staleCalls: Record<string, CallDef[]> = {
  [channels.userOrders]: [
    orderListNew,
    orderEntrustHistory,
    orderListAll,
    tradeList,
    tradeListByOrder,
    accountBalance,
    accountBalanceV5,
    financeAccountTypeBalance,
    recordOtherTransferList,
  ],
  [channels.userBalance]: [accountBalance, accountBalanceV5, financeAccountTypeBalance, recordOtherTransferList],
};

/** Bursts of order events refetch once. */
const INVALIDATE_AFTER_MS = 200;

/**
 * For the logged-in user: tells the socket who is logged in (it reconnects to carry the new session) and keeps
 * order lists and balances fresh from the private channels, so open orders update without a refresh, and merges
 * pushed deposits into the deposit list. Mounted once by the shell.
 */
export function useUserStreams(): void {
  const { user, ready } = useSession();
  const queryClient = useQueryClient();
  const userKey = user ? `user:${user.id}` : 'visitor';

  useEffect(() => {
    if (ready) realtimeClient()?.setSession(userKey);
  }, [ready, userKey]);

  useEffect(() => {
    const client = realtimeClient();
    if (!client || userKey === 'visitor') return;
    const stale = new Set<CallDef>();
    let timer: ReturnType<typeof setTimeout> | undefined;
    const flush = () => {
      timer = undefined;
      for (const call of stale) void invalidateCall(queryClient, call);
      stale.clear();
    };
    const stops = Object.entries(staleCalls).map(([channel, calls]) =>
      client.listen(channel, () => {
        for (const call of calls) stale.add(call);
        timer ??= setTimeout(flush, INVALIDATE_AFTER_MS);
      }),
    );
    // Deposit pushes carry the whole deposit: merged into the cached list as they come.
    stops.push(
      client.listen(channels.userDeposits, () => {
        const deposits = client.value(channels.userDeposits) as DepositUpdate[] | undefined;
        if (deposits) mergeDepositUpdates(queryClient, deposits);
      }),
    );
    return () => {
      clearTimeout(timer);
      for (const stop of stops) stop();
    };
  }, [queryClient, userKey]);
}
