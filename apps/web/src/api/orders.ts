import type { CallReply, CallRequest } from '@opex/contract/call';
import {
  leverOrderCancel,
  leverOrderCreate,
  leverOrderHistory,
  leverOrderListNew,
  leverTradeListByOrder,
} from '@opex/contract/calls/lever';
import { orderCancel, orderCreate, orderEntrustHistory, orderListNew } from '@opex/contract/calls/order';
import { tradeList, tradeListByOrder } from '@opex/contract/calls/trade';
import { keepPreviousData, type QueryClient, useMutation, useQuery } from '@tanstack/react-query';
import { invoke } from './call.ts';
import { callQueryOptions, invalidateCall } from './query.ts';

/**
 * The order calls of one product, so the trade page's forms and lists and the order centre serve spot and margin
 * alike: the spot exchange account's (order/*, trade/*) or the pairs' margin accounts' (lever/*), whose orders have
 * the same shapes. Margin has no trade list of its own (lever/trade/list is obsolete) and no stop orders.
 */
export interface OrderCalls {
  product: 'spot' | 'margin';
  create: typeof orderCreate | typeof leverOrderCreate;
  open: typeof orderListNew | typeof leverOrderListNew;
  history: typeof orderEntrustHistory | typeof leverOrderHistory;
  cancel: typeof orderCancel | typeof leverOrderCancel;
  fills: typeof tradeListByOrder | typeof leverTradeListByOrder;
  trades?: typeof tradeList;
}

export const spotOrderCalls: OrderCalls = {
  product: 'spot',
  create: orderCreate,
  open: orderListNew,
  history: orderEntrustHistory,
  cancel: orderCancel,
  fills: tradeListByOrder,
  trades: tradeList,
};

export const marginOrderCalls: OrderCalls = {
  product: 'margin',
  create: leverOrderCreate,
  open: leverOrderListNew,
  history: leverOrderHistory,
  cancel: leverOrderCancel,
  fills: leverTradeListByOrder,
};

type ListRequest = CallRequest<typeof orderListNew> & CallRequest<typeof leverOrderHistory>;
export type OrderPage = CallReply<typeof orderListNew>;

/**
 * A list request as the product's call takes it: margin lists know no order type and spot lists no
 * `isShowCanceled`, so each gets only its own filters.
 */
function listInput(calls: OrderCalls, filter: Partial<ListRequest>) {
  const { type, isShowCanceled, ...common } = filter;
  if (calls.product === 'spot') return type === undefined ? common : { ...common, type };
  return isShowCanceled === undefined ? common : { ...common, isShowCanceled };
}

/** Open orders; the private order channel's pushes are merged into the spot ones (realtime/user-streams.ts). */
export function useOpenOrders(calls: OrderCalls, filter: Partial<ListRequest>, enabled: boolean) {
  return useQuery<OrderPage>({
    ...callQueryOptions(calls.open, listInput(calls, filter)),
    enabled,
    placeholderData: keepPreviousData,
  });
}

export function useOrderHistory(calls: OrderCalls, filter: Partial<ListRequest>, enabled: boolean) {
  return useQuery<OrderPage>({
    ...callQueryOptions(calls.history, listInput(calls, filter)),
    enabled,
    placeholderData: keepPreviousData,
  });
}

export function useTradeHistory(filter: CallRequest<typeof tradeList>, enabled: boolean) {
  return useQuery({ ...callQueryOptions(tradeList, filter), enabled, placeholderData: keepPreviousData });
}

export function useCancelOrder(calls: OrderCalls) {
  return useMutation({
    mutationFn: (input: { orderId: number; symbol: string }) => invoke(calls.cancel, input),
  });
}

/** The fills of one order, oldest first (the two products name the list differently). */
export async function orderFills(calls: OrderCalls, orderId: number, symbol: string | undefined, pageSize: number) {
  const reply = await invoke(calls.fills, { order_id: orderId, pageSize, ...(symbol ? { symbol } : {}) });
  return 'trade_list' in reply ? reply.trade_list : reply.tradeList;
}

/** A cancel ends an order: both lists change. */
export function refreshAfterCancel(client: QueryClient, calls: OrderCalls) {
  return Promise.all([calls.open, calls.history].map((call) => invalidateCall(client, call)));
}
