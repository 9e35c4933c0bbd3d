import type { CallDef } from '@opex/contract/call';
import { depositList } from '@opex/contract/calls/deposit';
import { accountBalance, accountBalanceV5 } from '@opex/contract/calls/finance';
import { financeAccountTypeBalance } from '@opex/contract/calls/finance-transfer';
import { leverOrderHistory, leverOrderListNew, leverTradeListByOrder } from '@opex/contract/calls/lever';
import { orderEntrustHistory, orderListAll, orderListNew } from '@opex/contract/calls/order';
import { recordOtherTransferList } from '@opex/contract/calls/record-ledger';
import { tradeList, tradeListByOrder } from '@opex/contract/calls/trade';
import { type BalanceUpdate, channels, type DepositUpdate, type OrderUpdate } from '@opex/contract/realtime';
import { type QueryClient, useQueryClient } from '@tanstack/react-query';
import { useEffect } from 'react';
import { mergeBalanceUpdates } from '../api/balance-updates.ts';
import { mergeDepositUpdates } from '../api/deposit.ts';
import { marginReads } from '../api/margin.ts';
import { mergeOrderUpdates } from '../api/order-updates.ts';
import { useSession } from '../api/user.ts';
import { eachPushOnce, followChannels } from './follow-channels.ts';
import { type RealtimeClient, realtimeClient, startedClients } from './realtime-client.ts';

/** Margin orders: their lists and fills are read again on an order push (they are not merged in place). */
const marginOrderReads = [leverOrderListNew, leverOrderHistory, leverTradeListByOrder];

/**
 * What a push of each private channel changes that it cannot be merged into, for want of rows: the fills and the
 * ledger (no push carries them), every order list but the two merged ones, the other account types' balances
 * (listed with their valuations), and the margin accounts (a margin order's fill, a margin balance `lever:BTCUSDT`,
 * a pair's risk: the page shows risk, debt and limits computed by the server, so the pair is read again).
 */
const staleAfterPush: Record<string, CallDef[]> = {
  [channels.userOrders]: [
    orderListAll,
    tradeList,
    tradeListByOrder,
    recordOtherTransferList,
    ...marginOrderReads,
    ...marginReads,
  ],
  [channels.userBalance]: [financeAccountTypeBalance, recordOtherTransferList, ...marginReads],
  [channels.userMarginRisk]: [...marginReads],
};

/** What a channel's lost pushes (a seq gap, a reconnect) make stale. */
const staleAfterMissed: Record<string, CallDef[]> = {
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
    ...marginOrderReads,
    ...marginReads,
  ],
  [channels.userBalance]: [
    accountBalance,
    accountBalanceV5,
    financeAccountTypeBalance,
    recordOtherTransferList,
    ...marginReads,
  ],
  [channels.userMarginRisk]: [...marginReads],
  [channels.userDeposits]: [depositList],
};

/**
 * For the logged-in user: tells the sockets who is logged in (they reconnect to carry the new session) and merges the
 * private channels' pushes into the cached order lists, balances and deposits, so they change without a refresh or a
 * refetch. Mounted once by the shell.
 */
export function useUserStreams(): void {
  const { user, ready } = useSession();
  const queryClient = useQueryClient();
  const userKey = user ? `user:${user.id}` : 'visitor';

  useEffect(() => {
    if (!ready) return;
    realtimeClient();
    // The futures socket too, once started: a logout and login elsewhere must reach it as well.
    for (const client of startedClients()) client.setSession(userKey);
  }, [ready, userKey]);

  useEffect(() => {
    const client = realtimeClient();
    if (!client || userKey === 'visitor') return;
    return followPrivateChannels(client, queryClient);
  }, [queryClient, userKey]);
}

/**
 * Keeps the cached order lists, balances and deposits in step with spot's private channels: order, balance and
 * deposit pushes are merged into the cached pages in place (follow-channels.ts). Returns the function that stops.
 */
export function followPrivateChannels(
  client: Pick<RealtimeClient, 'listen' | 'value' | 'onMissed'>,
  queryClient: QueryClient,
): () => void {
  return followChannels(client, queryClient, {
    merges: {
      [channels.userOrders]: eachPushOnce((updates: OrderUpdate[]) => mergeOrderUpdates(queryClient, updates)),
      [channels.userBalance]: eachPushOnce((updates: BalanceUpdate[]) => mergeBalanceUpdates(queryClient, updates)),
      // Nothing to merge: the risk push only makes the margin reads stale.
      [channels.userMarginRisk]: () => [],
      // Deposit pushes carry the whole deposit: merged into the cached list as they come.
      [channels.userDeposits]: (deposits) => {
        if (deposits) mergeDepositUpdates(queryClient, deposits as DepositUpdate[]);
        return [];
      },
    },
    staleAfterPush,
    staleAfterMissed,
  });
}
