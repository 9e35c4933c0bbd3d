import type { CallDef } from '@opex/contract/call';
import { depositList } from '@opex/contract/calls/deposit';
import { accountBalance, accountBalanceV5 } from '@opex/contract/calls/finance';
import { financeAccountTypeBalance } from '@opex/contract/calls/finance-transfer';
import { orderEntrustHistory, orderListAll, orderListNew } from '@opex/contract/calls/order';
import { recordOtherTransferList } from '@opex/contract/calls/record-ledger';
import { tradeList, tradeListByOrder } from '@opex/contract/calls/trade';
import { channels, type DepositUpdate } from '@opex/contract/realtime';
import { type QueryClient, useQueryClient } from '@tanstack/react-query';
import { useEffect } from 'react';
import { mergeDepositUpdates } from '../api/deposit.ts';
import { invalidateCall } from '../api/query.ts';
import { useSession } from '../api/user.ts';
import { type RealtimeClient, realtimeClient } from './realtime-client.ts';

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

/**
 * What a channel's lost pushes (a seq gap, a reconnect) make stale: the private channels have no snapshot to resend,
 * so what they would have changed is read again. A deposit push carries the whole deposit, so its list is refetched.
 */
const staleAfterMissed: Record<string, CallDef[]> = { ...staleCalls, [channels.userDeposits]: [depositList] };

/** Bursts of order events (or of missed channels) refetch once. */
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
    return followPrivateChannels(client, queryClient);
  }, [queryClient, userKey]);
}

/**
 * Keeps the cached order lists, balances and deposits in step with the private channels: a push (or lost pushes)
 * refetches what it makes stale, once per burst; a deposit push is merged in place. Returns the function that stops.
 */
export function followPrivateChannels(
  client: Pick<RealtimeClient, 'listen' | 'value' | 'onMissed'>,
  queryClient: QueryClient,
): () => void {
  const stale = new Set<CallDef>();
  let timer: ReturnType<typeof setTimeout> | undefined;
  const flush = () => {
    timer = undefined;
    for (const call of stale) void invalidateCall(queryClient, call);
    stale.clear();
  };
  const markStale = (calls: readonly CallDef[]) => {
    for (const call of calls) stale.add(call);
    timer ??= setTimeout(flush, INVALIDATE_AFTER_MS);
  };
  const stops = Object.entries(staleCalls).map(([channel, calls]) => client.listen(channel, () => markStale(calls)));
  // Deposit pushes carry the whole deposit: merged into the cached list as they come.
  stops.push(
    client.listen(channels.userDeposits, () => {
      const deposits = client.value(channels.userDeposits) as DepositUpdate[] | undefined;
      if (deposits) mergeDepositUpdates(queryClient, deposits);
    }),
  );
  for (const [channel, calls] of Object.entries(staleAfterMissed))
    stops.push(client.onMissed(channel, () => markStale(calls)));
  return () => {
    clearTimeout(timer);
    for (const stop of stops) stop();
  };
}
