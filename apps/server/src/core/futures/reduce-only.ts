import type { BatchEffects } from '../batch-effects.ts';
import type { CoreState } from '../core-state.ts';
import { cancelOrder } from '../spot/order-cancel.ts';

/**
 * After a command's fills: a reduce-only order may close no more than its position holds. Those that would (the
 * position shrank by another order, closed, or turned to the other side) are cancelled, newest first.
 */
export function trimReduceOnly(state: CoreState, batch: BatchEffects, now: number): void {
  const futures = state.futures;
  for (const key of futures.touched) {
    const ids = [...(futures.reducing.get(key) ?? [])].sort((a, b) => b - a);
    if (ids.length === 0) continue;
    const position = futures.positions.get(key);
    const qty = position?.qty ?? 0n;
    let excess = futures.closing(key) - (qty < 0n ? -qty : qty);
    for (const id of ids) {
      const order = state.open.get(id);
      const intent = futures.orders.get(id);
      if (!order || !intent) continue;
      const wrongWay = qty === 0n || (order.side === 'BUY') !== qty < 0n;
      if (!wrongWay && excess <= 0n) continue;
      excess -= intent.reduceLeft;
      const { userId, account } = order;
      cancelOrder(state, batch, { userId, orderId: id, symbol: order.spec.symbol, account }, now);
      // The exchange cancelled it, not the user (the book reports every cancel it is sent as the user's).
      order.closedByExchange = true;
    }
  }
  futures.touched.clear();
}
