import {
  type AmountRefusal,
  amountKindOf,
  amountRefusal,
  type PriceRefusal,
  priceRefusal,
} from '@opex/contract/spot-order-rules';
import type { TimeInForceName } from '@opex/contract/spot-order-terms';
import { toUnits } from './decimal-units.ts';
import { MAX_LOTS, MAX_TICKS, type MarketSpec } from './market-spec.ts';

/**
 * The market's rules for a new order, checked before it reaches the core; each refusal names the rule. The decimal
 * rules are the contract's (spot-order-rules.ts, which the web form checks too); here an order that passes them
 * becomes engine units. A price must be whole ticks and a volume whole lots; a market buy's amount is a quote value
 * with at most `pricePrecision` decimals (the quote precision the market shows), carried to the engine in tick-lots.
 */
export type OrderRefusal =
  | 'market_closed'
  | PriceRefusal
  | AmountRefusal
  | 'too_large'
  | 'trigger_price_precision'
  | 'trigger_price_below_minimum';

export interface OrderRequest {
  side: 'BUY' | 'SELL';
  /** 1 limit, 2 market. */
  type: 1 | 2;
  price?: string | undefined;
  volume: string;
  /** Limit orders only (the Open API's timeInForce): GTC rests, IOC cancels the rest, FOK fills whole or not at all. */
  timeInForce?: TimeInForceName | undefined;
  /** Limit orders only (Binance LIMIT_MAKER): refused when it would take liquidity. */
  postOnly?: boolean | undefined;
  /** Market buys only (the Open API's MARKET BUY with quantity): `volume` is the base quantity to buy. */
  byQuantity?: boolean | undefined;
  /**
   * Market sells only (the Open API's MARKET SELL with quoteOrderQty): `volume` is the quote amount to receive; the
   * core sizes the sell against the bids when it places it (order-execution.ts).
   */
  byQuoteAmount?: boolean | undefined;
  /** Limit orders only: a stop-limit order waits off the book until the last price reaches this. */
  triggerPrice?: string | undefined;
}

export type { TimeInForceName };

/**
 * An order in engine units: ticks, lots, and for a market buy by amount the quote amount in tick-lots (a market buy
 * by quantity has lots and no quote amount).
 */
export interface OrderIntent {
  side: 'BUY' | 'SELL';
  type: 1 | 2;
  ticks: number;
  lots: number;
  quoteTickLots: number;
  timeInForce: TimeInForceName;
  postOnly: boolean;
  /** A stop-limit order's trigger price in ticks; 0 for any other order. */
  triggerTicks: number;
}

/** Market orders take what they can at once; time in force, post-only and triggers do not apply to them. */
const MARKET_TERMS = { timeInForce: 'GTC', postOnly: false, triggerTicks: 0 } as const;

export function checkOrder(spec: MarketSpec, order: OrderRequest): OrderIntent | OrderRefusal {
  if (!spec.open) return 'market_closed';
  const kind = amountKindOf({ ...order, market: order.type === 2 });
  if (kind === 'quoteAmount') {
    // A quote amount (a market buy's to spend, a market sell's to receive), held as tick-lots; a sell's lots are
    // known only against the book, when the core places it (order-execution.ts).
    const refusal = amountRefusal(spec, kind, order.volume);
    if (refusal) return refusal;
    const quote = toUnits(order.volume, spec.pricePrecision + spec.volumePrecision);
    if (!quote.ok) return 'too_large';
    return { side: order.side, type: 2, ticks: 0, lots: 0, quoteTickLots: quote.units, ...MARKET_TERMS };
  }
  if (order.type === 2) {
    // A market buy by quantity meets the limit order's minimum (what it will cost is known only against the book).
    const refusal = amountRefusal(spec, kind, order.volume);
    if (refusal) return refusal;
    const lots = toUnits(order.volume, spec.volumePrecision, MAX_LOTS);
    if (!lots.ok) return 'too_large';
    return { side: order.side, type: 2, ticks: 0, lots: lots.units, quoteTickLots: 0, ...MARKET_TERMS };
  }
  const refusal = priceRefusal(spec, order.price ?? '0') ?? amountRefusal(spec, 'limit', order.volume);
  if (refusal) return refusal;
  const ticks = toUnits(order.price ?? '0', spec.pricePrecision, MAX_TICKS);
  const lots = toUnits(order.volume, spec.volumePrecision, MAX_LOTS);
  if (!ticks.ok || !lots.ok) return 'too_large';
  const trigger = checkTriggerPrice(spec, order.triggerPrice);
  if (typeof trigger === 'string') return trigger;
  return {
    side: order.side,
    type: 1,
    ticks: ticks.units,
    lots: lots.units,
    quoteTickLots: 0,
    timeInForce: order.timeInForce ?? 'GTC',
    postOnly: order.postOnly === true,
    triggerTicks: trigger,
  };
}

/** A stop-limit order's trigger price in ticks (0 without one): a limit price's rules, its refusals named apart. */
function checkTriggerPrice(spec: MarketSpec, triggerPrice: string | undefined): number | OrderRefusal {
  if (triggerPrice === undefined) return 0;
  const refusal = priceRefusal(spec, triggerPrice);
  if (refusal) return refusal === 'price_precision' ? 'trigger_price_precision' : 'trigger_price_below_minimum';
  const ticks = toUnits(triggerPrice, spec.pricePrecision, MAX_TICKS);
  return ticks.ok ? ticks.units : 'too_large';
}

/** A stored order whose volume is a quote amount to spend: a market buy not placed by quantity. */
export const spendsQuote = (row: { type: number; side: string; by_quantity: number }) =>
  row.type === 2 && row.side === 'BUY' && row.by_quantity !== 1;
