import type { CallReply } from '@opex/contract/call';
import type { orderListNew } from '@opex/contract/calls/order';
import { OrderStatus, openOrderStatuses } from '@opex/contract/calls/order';
import Big from 'big.js';

/** How the order centre reads an order: its status word, whether it can be cancelled, its market and units. */
export type OrderItem = CallReply<typeof orderListNew>['orderList'][number];

export type StatusKey =
  | 'open'
  | 'partiallyFilled'
  | 'filled'
  | 'cancelled'
  | 'partlyCancelled'
  | 'pendingCancel'
  | 'rejected'
  | 'expired'
  | 'waitingTrigger'
  | 'init';

const statusKeys: Record<number, StatusKey> = {
  [OrderStatus.init]: 'init',
  [OrderStatus.open]: 'open',
  [OrderStatus.filled]: 'filled',
  [OrderStatus.partiallyFilled]: 'partiallyFilled',
  [OrderStatus.cancelled]: 'cancelled',
  [OrderStatus.pendingCancel]: 'pendingCancel',
  [OrderStatus.rejected]: 'rejected',
  [OrderStatus.expired]: 'expired',
  [OrderStatus.waitingTrigger]: 'waitingTrigger',
};

/** A cancelled order that filled first says so (the original's rule: status 4 with deal_volume > 0). */
export function statusKey(order: Pick<OrderItem, 'status' | 'deal_volume'>): StatusKey {
  if (order.status === OrderStatus.cancelled && new Big(order.deal_volume || '0').gt(0)) return 'partlyCancelled';
  return statusKeys[order.status] ?? 'open';
}

/** Every live order can be cancelled, a stop-limit order waiting for its trigger too. */
export function canCancel(order: Pick<OrderItem, 'status'>): boolean {
  return openOrderStatuses.includes(order.status);
}

/** The symbol the cancel call takes, from the order's coins (btcusdt). */
export function symbolOf(order: Pick<OrderItem, 'baseCoin' | 'countCoin'>): string {
  return `${order.baseCoin}${order.countCoin}`.toLowerCase();
}

/** A market buy's volume is what it spends in the quote coin; every other volume is in the base coin. */
export function volumeUnit(order: Pick<OrderItem, 'type' | 'side' | 'baseCoin' | 'countCoin'>): string {
  return order.type === 2 && order.side === 'BUY' ? order.countCoin : order.baseCoin;
}

/** An average price of '0' (nothing filled yet) has nothing to show. */
export function isZero(value: string): boolean {
  return /^0*(\.0*)?$/.test(value);
}
