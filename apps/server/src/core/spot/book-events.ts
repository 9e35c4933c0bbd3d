import { OrderStatus } from '@opex/contract/calls/order';
import { EventType } from '@opex/engine/events';
import { Reason } from '@opex/engine/reasons';
import type { BatchEffects } from '../batch-effects.ts';
import type { CoreState, Market } from '../core-state.ts';
import { formatUnits } from '../decimal-units.ts';
import { settleFuturesTrade } from '../futures/futures-settlement.ts';
import type { OrderState } from '../order-state.ts';
import { end } from './order-end.ts';
import { settleTrade } from './trade-settlement.ts';

/** IdMap.get's answer for an id the book does not hold. */
export const NOT_ON_BOOK = -1;

/** Trades, triggers and cancellations of the book's last command. */
export function settleEvents(state: CoreState, batch: BatchEffects, market: Market, now: number): void {
  const events = market.book.events;
  // Made only when an order fires: most commands trigger nothing, and this is the hot path.
  let triggered: OrderState[] | null = null;
  for (let i = 0; i < events.count; i++) {
    const type = events.type(i);
    if (type === EventType.Trade)
      (market.spec.futures ? settleFuturesTrade : settleTrade)(state, batch, market, i, now);
    else if (type === EventType.Triggered) {
      const order = state.open.get(events.orderId(i)) as OrderState;
      order.status = OrderStatus.open;
      order.updatedAt = now;
      batch.orders.set(order.id, order);
      if (triggered === null) triggered = [];
      triggered.push(order);
    } else if (type === EventType.Cancelled) {
      const order = state.open.get(events.orderId(i)) as OrderState;
      const reason = events.cancelReason(i);
      const unspentQuote = events.unspentQuote(i);
      order.expiredInMatch = reason === Reason.SelfTrade;
      if (order.expiredInMatch) recordPreventedMatch(batch, market, i, order, now);
      // A market buy by amount nearly always leaves less than one lot's worth unspent: that is filled, not cancelled.
      const dust =
        !order.expiredInMatch &&
        order.type === 2 &&
        order.dealLots > 0 &&
        events.cancelledQty(i) === 0 &&
        unspentQuote < market.book.lastPrice;
      order.closedByExchange = reason !== Reason.User && !dust;
      end(state, batch, order, dust ? OrderStatus.filled : OrderStatus.cancelled, now);
    }
  }
  // A triggered order that took all it wanted as a taker leaves the book without an event of its own.
  for (const order of triggered ?? []) {
    if (state.open.has(order.id) && market.book.ids.get(order.id) === NOT_ON_BOOK)
      end(state, batch, order, OrderStatus.filled, now);
  }
}

/**
 * The match a self-trade cancel stopped, as Binance's prevented match. EXPIRE_BOTH cancels the maker, then the
 * taker, of one match: the second cancel marks the first's record.
 */
function recordPreventedMatch(batch: BatchEffects, market: Market, i: number, order: OrderState, now: number): void {
  const events = market.book.events;
  const makerId = events.preventedMakerId(i);
  const takerId = events.preventedTakerId(i);
  const last = batch.preventedMatches.at(-1);
  if (last && last.maker_order_id === makerId && last.taker_order_id === takerId) {
    last.stp_mode = 'EXPIRE_BOTH';
    return;
  }
  const { pricePrecision: p, volumePrecision: v, symbol } = market.spec;
  batch.preventedMatches.push({
    symbol,
    user_id: order.userId,
    taker_order_id: takerId,
    maker_order_id: makerId,
    stp_mode: order.id === makerId ? 'EXPIRE_MAKER' : 'EXPIRE_TAKER',
    price: formatUnits(events.preventedPrice(i), p),
    maker_prevented_qty: formatUnits(events.preventedMakerQty(i), v),
    created_at: now,
  });
}
