/**
 * Order pushes (the private channel's OrderUpdate) merged into cached order-list pages, in place. A push names the
 * order and carries its status and what it has dealt, not the whole row: a listed order is updated, an order that
 * ends leaves the open list and, with the row the open list held, enters the history; a page that would need a row
 * the push does not carry (a new order, a row shifting in from the next page) answers null: read it again.
 */
import type { CallReply, CallRequest } from '@opex/contract/call';
import { openOrderStatuses, orderEntrustHistory, orderListNew } from '@opex/contract/calls/order';
import type { OrderUpdate } from '@opex/contract/realtime';
import type { QueryClient, QueryKey } from '@tanstack/react-query';
import Big from 'big.js';
import { callKey } from './query.ts';

type OrderPage = CallReply<typeof orderListNew>;
type OrderFilter = CallRequest<typeof orderListNew>;
export type OrderRow = OrderPage['orderList'][number];

/** Decimals of a computed average price: past any market's precision; the view truncates to the market's. */
const AVERAGE_DECIMALS = 18;

export const isOpenStatus = (status: number) => openOrderStatuses.includes(status);

/** A listed order after a push: its status and what it dealt, and what follows from them. */
export function withUpdate(row: OrderRow, update: OrderUpdate): OrderRow {
  const dealt = new Big(update.dealVolume);
  // A market buy spends a quote amount: its volume and what is left of it are in the quote coin.
  const executed = row.type === 2 && row.side === 'BUY' ? update.dealMoney : update.dealVolume;
  return {
    ...row,
    status: update.status,
    deal_volume: update.dealVolume,
    total_price: update.dealMoney,
    remain_volume: new Big(row.volume).minus(executed).toFixed(),
    avg_price: dealt.gt(0)
      ? new Big(update.dealMoney).div(dealt).round(AVERAGE_DECIMALS, Big.roundDown).toFixed()
      : '0',
  };
}

/** Whether an order of `symbol` belongs in a list filtered by `filter` (the trade page filters by market alone). */
function listedBy(filter: OrderFilter, row: Pick<OrderRow, 'side' | 'type' | 'time_long'> | null, symbol: string) {
  if (filter.symbol && filter.symbol.toLowerCase() !== symbol.toLowerCase()) return false;
  if (!row) return true;
  if (filter.side && filter.side !== row.side) return false;
  if (filter.type !== undefined && Number(filter.type) !== row.type) return false;
  if (filter.startTime !== undefined && row.time_long < Number(filter.startTime)) return false;
  return !(filter.endTime !== undefined && row.time_long > Number(filter.endTime));
}

/** True when the page holds every order its filter lists: nothing can shift in from another page. */
const holdsAll = (page: OrderPage, filter: OrderFilter) =>
  Number(filter.page) === 1 && page.count === page.orderList.length;

/** An open-orders page after a push; null when it needs a row the push does not carry. */
export function openPageWith(page: OrderPage, filter: OrderFilter, update: OrderUpdate): OrderPage | null {
  const at = page.orderList.findIndex((row) => row.id === update.orderId);
  if (at < 0) {
    if (!listedBy(filter, null, update.symbol)) return page;
    // A new order (or one listed on another page) needs its row; an order that ended off this page changes nothing
    // here when the page holds them all.
    return !isOpenStatus(update.status) && holdsAll(page, filter) ? page : null;
  }
  const row = page.orderList[at] as OrderRow;
  if (isOpenStatus(update.status))
    return { ...page, orderList: page.orderList.map((r, i) => (i === at ? withUpdate(row, update) : r)) };
  // Ended: it leaves; a row from the next page would move up into its place.
  const left = { count: page.count - 1, orderList: page.orderList.filter((_, i) => i !== at) };
  return holdsAll(page, filter) ? left : null;
}

/**
 * A history page after an order ended, given its row as the open list held it (null: not held). Newest (highest id)
 * first, as the server lists them; null when the page needs what it cannot know.
 */
export function historyPageWith(
  page: OrderPage,
  filter: OrderFilter,
  update: OrderUpdate,
  openRow: OrderRow | null,
): OrderPage | null {
  if (isOpenStatus(update.status)) return page;
  const at = page.orderList.findIndex((row) => row.id === update.orderId);
  if (at >= 0) return { ...page, orderList: page.orderList.map((r, i) => (i === at ? withUpdate(r, update) : r)) };
  if (!listedBy(filter, openRow, update.symbol)) return page;
  if (!openRow || Number(filter.page) !== 1) return null;
  const ended = withUpdate(openRow, update);
  const orderList = [...page.orderList, ended].sort((a, b) => b.id - a.id).slice(0, Number(filter.pageSize));
  return { count: page.count + 1, orderList };
}

/** The order's row in any cached open-orders page, before a push removes it. */
function heldOpenRow(queryClient: QueryClient, orderId: number): OrderRow | null {
  for (const [, page] of queryClient.getQueriesData<OrderPage>({ queryKey: callKey(orderListNew) })) {
    const row = page?.orderList.find((r) => r.id === orderId);
    if (row) return row;
  }
  return null;
}

/**
 * Merges order pushes (oldest first) into every cached page of the open orders and the order history. Answers the
 * keys of the pages to read again: those that need a row the push does not carry, and those being read right now
 * (their answer may predate the push).
 */
export function mergeOrderUpdates(queryClient: QueryClient, updates: readonly OrderUpdate[]): QueryKey[] {
  const reread = new Map<string, QueryKey>();
  for (const update of updates) {
    const openRow = heldOpenRow(queryClient, update.orderId);
    const lists = [
      [orderListNew, (page: OrderPage, filter: OrderFilter) => openPageWith(page, filter, update)],
      [orderEntrustHistory, (page: OrderPage, filter: OrderFilter) => historyPageWith(page, filter, update, openRow)],
    ] as const;
    for (const [call, merge] of lists)
      for (const [key, page] of queryClient.getQueriesData<OrderPage>({ queryKey: callKey(call) })) {
        const filter = key[1] as OrderFilter | undefined;
        if (!page || !filter) continue;
        const next = merge(page, filter);
        if (next !== page && next !== null) queryClient.setQueryData(key, next);
        if (next === null || queryClient.getQueryState(key)?.fetchStatus === 'fetching')
          reread.set(JSON.stringify(key), key);
      }
  }
  return [...reread.values()];
}
