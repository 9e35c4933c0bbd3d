import Big from 'big.js';
import { toUnits } from './decimal-units.ts';
import { MAX_LOTS, MAX_TICKS, type MarketSpec } from './market-spec.ts';

/**
 * The market's rules for a new order, checked before it reaches the core; each refusal names the rule.
 * A price must be whole ticks and a volume whole lots; a market buy's amount is a quote value with at most
 * `pricePrecision` decimals (the quote precision the market shows), carried to the engine in tick-lots.
 */
export type OrderRefusal =
  | 'market_closed'
  | 'price_precision'
  | 'volume_precision'
  | 'price_below_minimum'
  | 'volume_below_minimum'
  | 'market_buy_below_minimum'
  | 'market_sell_below_minimum'
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

export type TimeInForceName = 'GTC' | 'IOC' | 'FOK';

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
  const volume = new Big(order.volume);
  if (order.type === 2 && order.side === 'BUY' && !order.byQuantity) {
    // The amount is quote: at most pricePrecision decimals, held as tick-lots (×10^volumePrecision more).
    const amount = toUnits(order.volume, spec.pricePrecision);
    if (!amount.ok) return amount.reason === 'precision' ? 'volume_precision' : 'too_large';
    if (volume.lte(0) || volume.lt(spec.marketBuyMin)) return 'market_buy_below_minimum';
    const quote = toUnits(order.volume, spec.pricePrecision + spec.volumePrecision);
    if (!quote.ok) return 'too_large';
    return { side: 'BUY', type: 2, ticks: 0, lots: 0, quoteTickLots: quote.units, ...MARKET_TERMS };
  }
  if (order.type === 2 && order.side === 'SELL' && order.byQuoteAmount) {
    // A quote amount, like a market buy's: its minimum is the market buy's; the lots are known only against the book.
    const amount = toUnits(order.volume, spec.pricePrecision);
    if (!amount.ok) return amount.reason === 'precision' ? 'volume_precision' : 'too_large';
    if (volume.lte(0) || volume.lt(spec.marketBuyMin)) return 'market_buy_below_minimum';
    const quote = toUnits(order.volume, spec.pricePrecision + spec.volumePrecision);
    if (!quote.ok) return 'too_large';
    return { side: 'SELL', type: 2, ticks: 0, lots: 0, quoteTickLots: quote.units, ...MARKET_TERMS };
  }
  const lots = toUnits(order.volume, spec.volumePrecision, MAX_LOTS);
  if (!lots.ok) return lots.reason === 'precision' ? 'volume_precision' : 'too_large';
  if (order.type === 2 && order.side === 'BUY') {
    // By quantity: the limit order's minimum volume applies (what it will cost is known only against the book).
    if (lots.units === 0 || volume.lt(spec.limitVolumeMin)) return 'volume_below_minimum';
    return { side: 'BUY', type: 2, ticks: 0, lots: lots.units, quoteTickLots: 0, ...MARKET_TERMS };
  }
  if (order.type === 2) {
    if (lots.units === 0 || volume.lt(spec.marketSellMin)) return 'market_sell_below_minimum';
    return { side: 'SELL', type: 2, ticks: 0, lots: lots.units, quoteTickLots: 0, ...MARKET_TERMS };
  }
  const ticks = toUnits(order.price ?? '0', spec.pricePrecision, MAX_TICKS);
  if (!ticks.ok) return ticks.reason === 'precision' ? 'price_precision' : 'too_large';
  if (ticks.units === 0 || new Big(order.price ?? '0').lt(spec.limitPriceMin)) return 'price_below_minimum';
  if (lots.units === 0 || volume.lt(spec.limitVolumeMin)) return 'volume_below_minimum';
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

/** A stop-limit order's trigger price in ticks (0 without one): whole ticks, at least the market's minimum price. */
function checkTriggerPrice(spec: MarketSpec, triggerPrice: string | undefined): number | OrderRefusal {
  if (triggerPrice === undefined) return 0;
  const ticks = toUnits(triggerPrice, spec.pricePrecision, MAX_TICKS);
  if (!ticks.ok) return ticks.reason === 'precision' ? 'trigger_price_precision' : 'too_large';
  if (ticks.units === 0 || new Big(triggerPrice).lt(spec.limitPriceMin)) return 'trigger_price_below_minimum';
  return ticks.units;
}

/** A stored order whose volume is a quote amount to spend: a market buy not placed by quantity. */
export const spendsQuote = (row: { type: number; side: string; by_quantity: number }) =>
  row.type === 2 && row.side === 'BUY' && row.by_quantity !== 1;
