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

/**
 * What an order's amount is (the amount-input rule): a limit order's is a base quantity; a market buy's is the quote
 * amount to spend unless placed by quantity; a market sell's is the base quantity unless placed by the quote amount
 * to receive (the Open API's quantity and quoteOrderQty; the web form places market orders the default way).
 */
export function amountKindOf(order: {
  side: 'BUY' | 'SELL';
  market: boolean;
  byQuantity?: boolean | undefined;
  byQuoteAmount?: boolean | undefined;
}): AmountKind {
  if (!order.market) return 'limit';
  if (order.side === 'BUY') return order.byQuantity ? 'limit' : 'quoteAmount';
  return order.byQuoteAmount ? 'quoteAmount' : 'marketSell';
}

/** One step at this many decimals, the tick of a price or the lot of an amount: 2 gives '0.01', 0 gives '1'. */
export const stepSize = (digits: number): string => new Big(1).div(new Big(10).pow(digits)).toFixed(digits);

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

/** The least of two: the market's minimum, or one step when that is less (a minimum of 0 still needs one step). */
const atLeastOneStep = (minimum: Decimal, digits: number): Big => {
  const step = new Big(stepSize(digits));
  return step.gt(minimum) ? step : new Big(minimum);
};

/** The smallest price priceRefusal accepts (the Open API's PRICE_FILTER minPrice). */
export const leastPrice = (rules: SpotMarketRules): Big => atLeastOneStep(rules.limitPriceMin, rules.pricePrecision);

/** The smallest amount of a kind amountRefusal accepts (LOT_SIZE's and MARKET_LOT_SIZE's minQty). */
export const leastAmount = (rules: SpotMarketRules, kind: AmountKind): Big =>
  atLeastOneStep(minimumOf(rules, kind)[1], amountDigits(rules, kind));

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

/** The band as multiples of the last price (Binance's PERCENT_PRICE_BY_SIDE): 1 + up% for buys, 1 − down% for sells. */
export interface BandMultipliers {
  /** null: no edge that way. */
  buyUp: Big | null;
  sellDown: Big | null;
}

export function bandMultipliers(rules: SpotMarketRules): BandMultipliers {
  const up = new Big(rules.priceBandUp ?? 0);
  const down = new Big(rules.priceBandDown ?? 0);
  return {
    buyUp: up.gt(0) ? HUNDRED.plus(up).div(HUNDRED) : null,
    sellDown: down.gt(0) ? HUNDRED.minus(down).div(HUNDRED) : null,
  };
}

/**
 * The band's edges at the last trade price (null or 0: no trade yet, so no band): last × (1 + up%) rounded down to
 * a tick, last × (1 − down%) rounded up to a tick and at least one tick.
 */
export function priceBand(rules: SpotMarketRules, lastPrice: Decimal | null): PriceBand {
  const last = lastPrice === null ? null : new Big(lastPrice);
  if (!last || last.lte(0)) return { buyMax: null, sellMin: null };
  const { buyUp, sellDown } = bandMultipliers(rules);
  const p = rules.pricePrecision;
  const tick = new Big(stepSize(p));
  const sellMin = sellDown === null ? null : last.times(sellDown).round(p, Big.roundUp);
  return {
    buyMax: buyUp === null ? null : last.times(buyUp).round(p, Big.roundDown).toFixed(),
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
