import type { CallDef } from '@opex/contract/call';
import { depositList } from '@opex/contract/calls/deposit';
import { accountBalance, accountBalanceV5 } from '@opex/contract/calls/finance';
import { financeAccountTypeBalance } from '@opex/contract/calls/finance-transfer';
import { leverOrderHistory, leverOrderListNew, leverTradeListByOrder } from '@opex/contract/calls/lever';
import { orderEntrustHistory, orderListAll, orderListNew } from '@opex/contract/calls/order';
import { recordOtherTransferList } from '@opex/contract/calls/record-ledger';
import { tradeList, tradeListByOrder } from '@opex/contract/calls/trade';
import { type BalanceUpdate, channels, type DepositUpdate, type OrderUpdate } from '@opex/contract/realtime';
import { type QueryClient, type QueryKey, useQueryClient } from '@tanstack/react-query';
import { useEffect } from 'react';
import { mergeBalanceUpdates } from '../api/balance-updates.ts';
import { mergeDepositUpdates } from '../api/deposit.ts';
import { marginReads } from '../api/margin.ts';
import { mergeOrderUpdates } from '../api/order-updates.ts';
import { callKey } from '../api/query.ts';
import { useSession } from '../api/user.ts';
import type { NumberedUpdate } from './channel-values.ts';
import { type RealtimeClient, realtimeClient } from './realtime-client.ts';

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

/**
 * What a channel's lost pushes (a seq gap, a reconnect) make stale: the private channels have no snapshot to resend,
 * so what they would have changed is read again.
 */
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

/** Bursts of pushes (or of missed channels) read each stale list once. */
const INVALIDATE_AFTER_MS = 200;

/**
 * For the logged-in user: tells the socket who is logged in (it reconnects to carry the new session) and merges the
 * private channels' pushes into the cached order lists, balances and deposits, so they change without a refresh or a
 * refetch. Mounted once by the shell.
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
 * Keeps the cached order lists, balances and deposits in step with the private channels: order, balance and deposit
 * pushes are merged into the cached pages in place; what a push cannot be merged into (and everything after lost
 * pushes) is read again, once per burst. Returns the function that stops.
 */
export function followPrivateChannels(
  client: Pick<RealtimeClient, 'listen' | 'value' | 'onMissed'>,
  queryClient: QueryClient,
): () => void {
  const stale = new Map<string, QueryKey>();
  let timer: ReturnType<typeof setTimeout> | undefined;
  const flush = () => {
    timer = undefined;
    for (const queryKey of stale.values()) void queryClient.invalidateQueries({ queryKey });
    stale.clear();
  };
  const markStale = (keys: readonly QueryKey[]) => {
    for (const key of keys) stale.set(JSON.stringify(key), key);
    if (stale.size > 0) timer ??= setTimeout(flush, INVALIDATE_AFTER_MS);
  };
  const callKeys = (calls: readonly CallDef[]) => calls.map((call) => callKey(call));
  /** Each numbered push once, in order: a channel's value holds its latest pushes (channel-values.ts). */
  const seen = new Map<string, number>();
  const unseen = <T>(channel: string): T[] => {
    const pushes = (client.value(channel) as NumberedUpdate<T>[] | undefined) ?? [];
    const last = seen.get(channel) ?? 0;
    const fresh = pushes.filter((push) => push.n > last);
    if (fresh.length > 0) seen.set(channel, (fresh.at(-1) as NumberedUpdate<T>).n);
    return fresh.map((push) => push.update);
  };
  const merges: Record<string, (channel: string) => QueryKey[]> = {
    [channels.userOrders]: (channel) => mergeOrderUpdates(queryClient, unseen<OrderUpdate>(channel)),
    [channels.userBalance]: (channel) => mergeBalanceUpdates(queryClient, unseen<BalanceUpdate>(channel)),
    // Nothing to merge: the risk push only makes the margin reads stale.
    [channels.userMarginRisk]: () => [],
  };
  const stops = Object.entries(merges).map(([channel, merge]) =>
    client.listen(channel, () => markStale([...merge(channel), ...callKeys(staleAfterPush[channel] ?? [])])),
  );
  // Deposit pushes carry the whole deposit: merged into the cached list as they come.
  stops.push(
    client.listen(channels.userDeposits, () => {
      const deposits = client.value(channels.userDeposits) as DepositUpdate[] | undefined;
      if (deposits) mergeDepositUpdates(queryClient, deposits);
    }),
  );
  for (const [channel, calls] of Object.entries(staleAfterMissed))
    stops.push(client.onMissed(channel, () => markStale(callKeys(calls))));
  return () => {
    clearTimeout(timer);
    for (const stop of stops) stop();
  };
}
