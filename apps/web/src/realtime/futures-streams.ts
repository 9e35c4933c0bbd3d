import { coTransactionList } from '@opex/contract/calls/co-account';
import {
  coCurrentOrderList,
  coGetTradeInfo,
  coHisTradeList,
  coHistoryOrderList,
  coUserOrderCount,
} from '@opex/contract/calls/co-order';
import { coHistoryPositionList } from '@opex/contract/calls/co-position';
import { coHistoryTriggerOrderList, coTakeProfitStopLoss, coTriggerOrderList } from '@opex/contract/calls/co-trigger';
import { getUserConfig } from '@opex/contract/calls/co-user';
import { type CoAccountUpdate, type CoPositionsUpdate, channels } from '@opex/contract/realtime';
import { type QueryClient, useQueryClient } from '@tanstack/react-query';
import { useEffect } from 'react';
import { futuresReads } from '../api/futures.ts';
import { mergeAccountUpdates, mergePositionsUpdate } from '../api/futures-updates.ts';
import { useSession } from '../api/user.ts';
import { eachPushOnce, followChannels } from './follow-channels.ts';
import { useRealtimeStatus } from './index.ts';
import { type RealtimeClient, realtimeClient } from './realtime-client.ts';

/**
 * What an order push (a futures order or conditional order changed) makes stale: the order lists and counts, the
 * fills, closed positions and the ledger (no push carries their rows), and the settings (open orders and positions
 * decide whether leverage and modes may switch). Positions and accounts arrive on their own channels.
 */
const staleAfterOrder = [
  coCurrentOrderList,
  coUserOrderCount,
  coTriggerOrderList,
  coHistoryTriggerOrderList,
  coTakeProfitStopLoss,
  coHistoryOrderList,
  coHisTradeList,
  coGetTradeInfo,
  coHistoryPositionList,
  coTransactionList,
  getUserConfig,
];

/**
 * Keeps the futures reads in step with the futures socket's private channels: positions and accounts merged in place
 * (they carry what get_assets_list answers), order pushes making the order reads stale, and lost pushes every futures
 * read. Returns the function that stops.
 */
export function followFuturesChannels(
  client: Pick<RealtimeClient, 'listen' | 'value' | 'onMissed'>,
  queryClient: QueryClient,
): () => void {
  return followChannels(client, queryClient, {
    merges: {
      [channels.coPositions]: (value) => (value ? mergePositionsUpdate(queryClient, value as CoPositionsUpdate) : []),
      [channels.coAccount]: eachPushOnce((updates: CoAccountUpdate[]) => mergeAccountUpdates(queryClient, updates)),
      [channels.coOrders]: () => [],
    },
    staleAfterPush: { [channels.coOrders]: staleAfterOrder },
    staleAfterMissed: {
      [channels.coPositions]: futuresReads,
      [channels.coAccount]: futuresReads,
      [channels.coOrders]: futuresReads,
    },
  });
}

/**
 * The futures page's private pushes, for the logged-in user: tells the futures socket who is logged in (it reconnects
 * to carry the session) and follows its private channels. Answers whether they are live (logged in, the socket open):
 * the page's 5 s polls of positions, accounts and orders run only while they are not.
 */
export function useFuturesStreams(): boolean {
  const { user, ready } = useSession();
  const queryClient = useQueryClient();
  const status = useRealtimeStatus('futures');
  const userKey = user ? `user:${user.id}` : 'visitor';

  useEffect(() => {
    if (ready) realtimeClient('futures')?.setSession(userKey);
  }, [ready, userKey]);

  useEffect(() => {
    const client = realtimeClient('futures');
    if (!client || userKey === 'visitor') return;
    return followFuturesChannels(client, queryClient);
  }, [queryClient, userKey]);

  return user !== null && status === 'open';
}
