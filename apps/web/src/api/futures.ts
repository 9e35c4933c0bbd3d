import type { CallReply } from '@opex/contract/call';
import { coAccountBalance, coTransactionList } from '@opex/contract/calls/co-account';
import { coPublicInfo, getLadderInfo, publicMarketInfo } from '@opex/contract/calls/co-common';
import {
  coCurrentOrderList,
  coGetTradeInfo,
  coHisTradeList,
  coHistoryOrderList,
  coUserOrderCount,
} from '@opex/contract/calls/co-order';
import { coAssetsList, coHistoryPositionList } from '@opex/contract/calls/co-position';
import { coHistoryTriggerOrderList, coTriggerOrderList } from '@opex/contract/calls/co-trigger';
import { getUserConfig, receiveCoupon } from '@opex/contract/calls/co-user';
import { accountBalance, accountBalanceV5 } from '@opex/contract/calls/finance';
import { type QueryClient, useQuery, useQueryClient } from '@tanstack/react-query';
import { useEffect, useRef } from 'react';
import { CallFailure } from './call.ts';
import { callQueryOptions, invalidateCall, useCallMutation, useCallQuery } from './query.ts';

/**
 * The futures product's reads (co host) and their timers (contract-notes-products.md §1.6): marks every 5 s,
 * positions, accounts and order counts every 5 s while logged in, the open orders every 5 s while there are some.
 * Where the page follows the futures socket's private channels (`live`), those reads change by its pushes instead and
 * are polled only while it is down. Polls send `exchange-auto: 1`. What an order, a cancel, a margin change or a
 * transfer makes stale: `refreshFutures`.
 */
export const FUTURES_POLL_MS = 5_000;
/** The 5 s poll, unless pushes keep the read current. */
const pollUnless = (live: boolean) => (live ? false : FUTURES_POLL_MS);

export type CoUserConfig = CallReply<typeof getUserConfig>;
export type CoPosition = CallReply<typeof coAssetsList>['positionList'][number];
export type CoAccount = CallReply<typeof coAccountBalance>['accounts'][number];
/** The user config is asked again this often until it answers (platform.md §9), a few times at most. */
export const USER_CONFIG_RETRY_MS = 500;
const USER_CONFIG_RETRIES = 6;

/** The contract catalogue; the server's clock is read with it (the funding countdown's offset). */
export function useCoPublicInfo() {
  return useCallQuery(coPublicInfo, {}, { staleTime: 60_000 });
}

/**
 * user/get_user_config, asked as soon as the contract is known (the original polled every 500 ms for the id; here
 * the query waits for it), and again every 500 ms while the network fails; a refusal (a code) is not asked again.
 */
export function useUserConfig(contractId: number | undefined, isLogin: boolean) {
  return useQuery({
    ...callQueryOptions(getUserConfig, { contractId: contractId ?? 0 }),
    enabled: isLogin && contractId !== undefined,
    retry: (count: number, error: Error) => !(error instanceof CallFailure) && count < USER_CONFIG_RETRIES,
    retryDelay: USER_CONFIG_RETRY_MS,
  });
}

export function useLadderInfo(contractId: number | undefined) {
  return useCallQuery(getLadderInfo, { contractId: contractId ?? 0 }, { enabled: contractId !== undefined });
}

export function useMarketInfo(contractId: number | undefined) {
  return useCallQuery(
    publicMarketInfo,
    { contractId: contractId ?? 0 },
    { enabled: contractId !== undefined, refetchInterval: FUTURES_POLL_MS, polling: true },
  );
}

/**
 * Positions and accounts (trade page), or the accounts only (`onlyAccount`, the assets page); `simulated`: the
 * simulated account and the simulated contracts' positions instead of the real ones; `live`: the futures socket
 * pushes them, so they are polled only while it is down.
 */
export function useAssetsList(isLogin: boolean, onlyAccount = false, simulated = false, live = false) {
  return useCallQuery(
    coAssetsList,
    { ...(onlyAccount && { onlyAccount: 1 as const }), ...(simulated && { simulated: 1 as const }) },
    { enabled: isLogin, refetchInterval: pollUnless(live), polling: true },
  );
}

/**
 * The futures account of one margin coin: get_assets_list's, or account/account_balance's where get_assets_list
 * failed (a server that does not serve positions yet still shows the account).
 */
export function useCoAccount(
  marginCoin: string,
  isLogin: boolean,
  assets: ReturnType<typeof useAssetsList>,
  simulated = false,
) {
  const fallback = useCallQuery(
    coAccountBalance,
    { marginCoin, ...(simulated && { simulated: 1 as const }) },
    { enabled: isLogin && assets.isError, refetchInterval: FUTURES_POLL_MS, polling: true },
  );
  const list = assets.data?.accountList ?? fallback.data?.accounts;
  return list?.find((a) => a.symbol === marginCoin);
}

export function useOrderCount(contractId: number | undefined, isLogin: boolean, live = false) {
  return useCallQuery(
    coUserOrderCount,
    { contractId: contractId ?? 0 },
    { enabled: isLogin && contractId !== undefined, refetchInterval: pollUnless(live), polling: true },
  );
}

/** The contract's open orders, read again every 5 s while there are some (and no pushes). */
export function useCurrentOrders(contractId: number | undefined, isLogin: boolean, count: number, live = false) {
  return useCallQuery(
    coCurrentOrderList,
    { contractId: contractId ?? 0, page: 1, limit: 100 },
    {
      enabled: isLogin && contractId !== undefined,
      refetchInterval: count > 0 && pollUnless(live),
      polling: true,
    },
  );
}

/** The contract's active trigger orders (take-profit and stop-loss among them), read again every 5 s while there are some (and no pushes). */
export function useTriggerOrders(contractId: number | undefined, isLogin: boolean, count: number, live = false) {
  return useCallQuery(
    coTriggerOrderList,
    { contractId: contractId ?? 0, page: 1, limit: 100 },
    {
      enabled: isLogin && contractId !== undefined,
      refetchInterval: count > 0 && pollUnless(live),
      polling: true,
    },
  );
}

export function useMyTrades(contractId: number | undefined, isLogin: boolean) {
  return useCallQuery(
    coGetTradeInfo,
    { contractId: contractId ?? 0 },
    { enabled: isLogin && contractId !== undefined },
  );
}

/** Every futures read a trade, cancel, margin change or transfer can change. */
export const futuresReads = [
  getUserConfig,
  coAssetsList,
  coUserOrderCount,
  coCurrentOrderList,
  coTriggerOrderList,
  coHistoryTriggerOrderList,
  coHistoryOrderList,
  coHisTradeList,
  coGetTradeInfo,
  coHistoryPositionList,
  coAccountBalance,
  coTransactionList,
] as const;

export function refreshFutures(client: QueryClient) {
  return Promise.all(futuresReads.map((call) => invalidateCall(client, call)));
}

/**
 * Simulated trading's coupon (user/receive_coupon): sent once when the simulated side opens with openContract 1 and
 * couponTag 0 (contract-notes-products.md §1.2); the config and the accounts are read again after, claimed or not.
 */
export function useSimulatedCoupon(simulated: boolean, config: CoUserConfig | undefined) {
  const client = useQueryClient();
  const { mutate } = useCallMutation(receiveCoupon);
  const sent = useRef(false);
  const due = simulated && config?.openContract === 1 && config.couponTag === 0;
  useEffect(() => {
    if (!due || sent.current) return;
    sent.current = true;
    mutate({}, { onSettled: () => refreshFutures(client) });
  }, [due, mutate, client]);
}

/** A transfer also changes the exchange account's balances. */
export function refreshAfterCoTransfer(client: QueryClient) {
  return Promise.all([
    refreshFutures(client),
    ...[accountBalance, accountBalanceV5].map((c) => invalidateCall(client, c)),
  ]);
}
