import type { CallRequest } from '@opex/contract/call';
import { orderCancel, orderEntrustHistory, orderListNew } from '@opex/contract/calls/order';
import { tradeList } from '@opex/contract/calls/trade';
import { keepPreviousData, type QueryClient, useQuery } from '@tanstack/react-query';
import { callQueryOptions, invalidateCall, useCallMutation } from './query.ts';

type ListRequest = CallRequest<typeof orderListNew>;

/** Open orders; the private order channel's pushes are merged into them (realtime/user-streams.ts). */
export function useOpenOrders(filter: ListRequest, enabled: boolean) {
  return useQuery({ ...callQueryOptions(orderListNew, filter), enabled, placeholderData: keepPreviousData });
}

export function useOrderHistory(filter: ListRequest, enabled: boolean) {
  return useQuery({ ...callQueryOptions(orderEntrustHistory, filter), enabled, placeholderData: keepPreviousData });
}

export function useTradeHistory(filter: CallRequest<typeof tradeList>, enabled: boolean) {
  return useQuery({ ...callQueryOptions(tradeList, filter), enabled, placeholderData: keepPreviousData });
}

export function useCancelOrder() {
  return useCallMutation(orderCancel);
}

/** A cancel ends an order: both lists change. */
export function refreshAfterCancel(client: QueryClient) {
  return Promise.all([orderListNew, orderEntrustHistory].map((call) => invalidateCall(client, call)));
}
