/**
 * A spot market's rules for an order's price and amount, written once for the web form (its field errors) and the
 * server (its refusals, before it converts to engine units). Values are exact decimals worked with big.js; each
 * check answers null or a named refusal.
 */
import Big from 'big.js';

/** A decimal as the web holds it (a string) or the server does (a Big). */
type Decimal = string | Big;

export interface SpotMarketRules {
  /** Decimals of a price (its tick is 10^-pricePrecision); also of a quote amount to spend. */
  pricePrecision: number;
  /** Decimals of an amount (its lot is 10^-volumePrecision). */
  volumePrecision: number;
  limitPriceMin: Decimal;
  limitVolumeMin: Decimal;
  marketBuyMin: Decimal;
  marketSellMin: Decimal;
  /** Least order value in the quote coin; 0: none. */
  minNotional: Decimal;
  /** Price band around the last trade price, in percent each way; 0 or absent: none that way. */
  priceBandUp?: Decimal | undefined;
  priceBandDown?: Decimal | undefined;
}

export type PriceRefusal = 'price_precision' | 'price_below_minimum';
export type AmountRefusal =
  | 'volume_precision'
  | 'volume_below_minimum'
  | 'market_buy_below_minimum'
  | 'market_sell_below_minimum';
export type BandRefusal = 'buy_above_band' | 'sell_below_band';

/**
 * What an amount is and so which minimum it meets: `limit` a base quantity (limit orders and market buys by
 * quantity), `marketSell` a market sell's base quantity, `quoteAmount` a quote amount (a market buy's amount to
 * spend, a market sell's amount to receive).
 */
export type AmountKind = 'limit' | 'marketSell' | 'quoteAmount';

/** Decimals a value has beyond its trailing zeros ('1.50' has 1). */
export const decimalPlaces = (value: Decimal): number => (new Big(value).toFixed().split('.')[1] ?? '').length;

const atMost = (value: Decimal, digits: number) => decimalPlaces(value) <= digits;

/** A limit (or trigger) price: whole ticks, above 0 and at least the market's minimum price. */
export function priceRefusal(rules: SpotMarketRules, price: Decimal): PriceRefusal | null {
  if (!atMost(price, rules.pricePrecision)) return 'price_precision';
  const value = new Big(price);
  return value.lte(0) || value.lt(rules.limitPriceMin) ? 'price_below_minimum' : null;
}

/** The decimals an amount of this kind takes: quote amounts the price's, quantities the lot's. */
export const amountDigits = (rules: SpotMarketRules, kind: AmountKind): number =>
  kind === 'quoteAmount' ? rules.pricePrecision : rules.volumePrecision;

/** An amount: within its decimals, above 0 and at least the minimum of its kind. */
export function amountRefusal(rules: SpotMarketRules, kind: AmountKind, amount: Decimal): AmountRefusal | null {
  if (!atMost(amount, amountDigits(rules, kind))) return 'volume_precision';
  const [refusal, minimum] = minimumOf(rules, kind);
  const value = new Big(amount);
  return value.lte(0) || value.lt(minimum) ? refusal : null;
}

function minimumOf(rules: SpotMarketRules, kind: AmountKind): [AmountRefusal, Decimal] {
  if (kind === 'quoteAmount') return ['market_buy_below_minimum', rules.marketBuyMin];
  if (kind === 'marketSell') return ['market_sell_below_minimum', rules.marketSellMin];
  return ['volume_below_minimum', rules.limitVolumeMin];
}

/** The market's minimum order value against an order's value in the quote coin (price × amount, or the amount). */
export const belowMinValue = (rules: SpotMarketRules, value: Decimal): boolean =>
  new Big(rules.minNotional).gt(0) && new Big(value).lt(rules.minNotional);

export interface PriceBand {
  /** Highest price a buy may have or take; null: no edge. */
  buyMax: string | null;
  /** Lowest price a sell may have or take; null: no edge. */
  sellMin: string | null;
}

const HUNDRED = new Big(100);

/**
 * The band's edges at the last trade price (null or 0: no trade yet, so no band): last × (1 + up%) rounded down to
 * a tick, last × (1 − down%) rounded up to a tick and at least one tick.
 */
export function priceBand(rules: SpotMarketRules, lastPrice: Decimal | null): PriceBand {
  const last = lastPrice === null ? null : new Big(lastPrice);
  if (!last || last.lte(0)) return { buyMax: null, sellMin: null };
  const up = new Big(rules.priceBandUp ?? 0);
  const down = new Big(rules.priceBandDown ?? 0);
  const p = rules.pricePrecision;
  const tick = new Big(1).div(new Big(10).pow(p));
  const edge = (percent: Big, rounding: typeof Big.roundDown | typeof Big.roundUp) =>
    last.times(percent).div(HUNDRED).round(p, rounding);
  const sellMin = down.gt(0) ? edge(HUNDRED.minus(down), Big.roundUp) : null;
  return {
    buyMax: up.gt(0) ? edge(HUNDRED.plus(up), Big.roundDown).toFixed() : null,
    sellMin: sellMin === null ? null : (sellMin.lt(tick) ? tick : sellMin).toFixed(),
  };
}

/** A limit order's price against the band at the last trade price. */
export function bandRefusal(
  rules: SpotMarketRules,
  side: 'BUY' | 'SELL',
  price: Decimal,
  lastPrice: Decimal | null,
): BandRefusal | null {
  const { buyMax, sellMin } = priceBand(rules, lastPrice);
  if (side === 'BUY' && buyMax !== null && new Big(price).gt(buyMax)) return 'buy_above_band';
  if (side === 'SELL' && sellMin !== null && new Big(price).lt(sellMin)) return 'sell_below_band';
  return null;
}
