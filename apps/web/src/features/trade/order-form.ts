/**
 * The spot order form's arithmetic and checks, apart from React and HTTP: what an order costs, what a percentage
 * shortcut fills in, and whether the market's rules (the contract's spot-order-rules.ts, which the server checks too)
 * accept the order before it is sent. Every amount is a decimal string worked with big.js; results are truncated,
 * never rounded up.
 */
import { formatAmount } from '@opex/contract/display';
import {
  type AmountRefusal,
  amountDigits,
  amountKindOf,
  amountRefusal,
  bandRefusal,
  belowMinValue,
  type PriceRefusal,
  priceBand,
  priceRefusal,
  type SpotMarketRules,
} from '@opex/contract/spot-order-rules';
import Big from 'big.js';

export type Side = 'BUY' | 'SELL';
export type OrderKind = 'limit' | 'market';

/** A market's rules as public info carries them (precisions in digits, minimums and band as decimal strings). */
export interface MarketRules extends SpotMarketRules {
  limitPriceMin: string;
  limitVolumeMin: string;
  marketBuyMin: string;
  marketSellMin: string;
  /** Least order value in the quote coin: a limit order's price × amount, a market buy's amount ('0': none). */
  minNotional: string;
  /** Price band around the last price, in percent each way ('0': none that way). */
  priceBandUp: string;
  priceBandDown: string;
}

export interface OrderDraft {
  side: Side;
  kind: OrderKind;
  /** Limit price; ignored for market orders. */
  price: string;
  /** Base quantity, except a market buy's quote amount to spend. */
  amount: string;
}

/** What a field's problem is: a locale key under trade.form.error and its values. */
export interface FieldProblem {
  key:
    | 'required'
    | 'precision'
    | 'priceMin'
    | 'volumeMin'
    | 'marketBuyMin'
    | 'marketSellMin'
    | 'minValue'
    | 'buyAboveBand'
    | 'sellBelowBand'
    | 'insufficient';
  values?: Record<string, string>;
}

export type DraftCheck =
  | { ok: true; request: { side: Side; type: 1 | 2; price?: string; volume: string } }
  | { ok: false; price?: FieldProblem; amount?: FieldProblem };

/** True when the amount is in the quote coin: a market buy's amount to spend. */
export const spendsQuote = (draft: Pick<OrderDraft, 'side' | 'kind'>) => amountKind(draft) === 'quoteAmount';

/** Decimals the amount field takes: quote decimals (the price precision) for a market buy, else lot decimals. */
export const amountPrecision = (draft: Pick<OrderDraft, 'side' | 'kind'>, rules: MarketRules) =>
  amountDigits(rules, amountKind(draft));

const amountKind = (draft: Pick<OrderDraft, 'side' | 'kind'>) =>
  amountKindOf({ side: draft.side, market: draft.kind === 'market' });

function parse(value: string): Big | null {
  if (!/^\d+(\.\d*)?$|^\.\d+$/.test(value.trim())) return null;
  return new Big(value.trim());
}

/** price × amount of a limit order, exact; '' while either is missing. */
export function limitTotal(price: string, amount: string): string {
  const p = parse(price);
  const a = parse(amount);
  return p && a ? p.times(a).toFixed() : '';
}

/**
 * The amount a percentage shortcut fills in: a share of the available balance, for a limit buy divided by the
 * price; truncated to the field's decimals. '' when it cannot be worked out (no price yet, nothing available).
 */
export function amountForShare(
  draft: Pick<OrderDraft, 'side' | 'kind' | 'price'>,
  percent: number,
  available: string,
  rules: MarketRules,
): string {
  const balance = parse(available);
  if (!balance || balance.lte(0)) return '';
  const share = balance.times(percent).div(100);
  const places = amountPrecision(draft, rules);
  if (draft.side === 'SELL' || draft.kind === 'market') return share.round(places, Big.roundDown).toFixed(places);
  const price = parse(draft.price);
  if (!price || price.lte(0)) return '';
  return share.div(price).round(places, Big.roundDown).toFixed(places);
}

/**
 * The share of the available balance an amount stands for, in whole percent (0 to 100, rounded down): where the
 * percentage slider sits after the trader typed an amount. 0 when it cannot be worked out.
 */
export function shareOfAvailable(
  draft: Pick<OrderDraft, 'side' | 'kind' | 'price' | 'amount'>,
  available: string,
): number {
  const balance = parse(available);
  const amount = parse(draft.amount);
  if (!balance || balance.lte(0) || !amount) return 0;
  const price = draft.kind === 'limit' ? parse(draft.price) : null;
  if (draft.side === 'BUY' && draft.kind === 'limit' && (!price || price.lte(0))) return 0;
  const percent = needed({ ...draft }, price, amount)
    .times(100)
    .div(balance)
    .round(0, Big.roundDown);
  return percent.gt(100) ? 100 : Number(percent.toFixed(0));
}

/** What an order needs of the balance: quote for a buy (price × amount, or the amount to spend), base for a sell. */
function needed(draft: Pick<OrderDraft, 'side' | 'kind'>, price: Big | null, amount: Big): Big {
  if (draft.side === 'SELL' || draft.kind === 'market') return amount;
  return price ? price.times(amount) : new Big(0);
}

/** A price's problem, named as the form's error keys name it. */
export function priceProblem(rules: MarketRules, price: string): FieldProblem | null {
  const value = parse(price);
  if (!value || value.lte(0)) return { key: 'required' };
  const refusal = priceRefusal(rules, value);
  return refusal ? priceProblems[refusal](rules) : null;
}

const priceProblems: Record<PriceRefusal, (rules: MarketRules) => FieldProblem> = {
  price_precision: (rules) => ({ key: 'precision', values: { digits: String(rules.pricePrecision) } }),
  price_below_minimum: (rules) => ({ key: 'priceMin', values: { min: rules.limitPriceMin } }),
};

function amountProblem(draft: OrderDraft, rules: MarketRules): FieldProblem | null {
  const amount = parse(draft.amount);
  if (!amount || amount.lte(0)) return { key: 'required' };
  const refusal = amountRefusal(rules, amountKind(draft), amount);
  return refusal ? amountProblems[refusal](rules, amountPrecision(draft, rules)) : null;
}

const amountProblems: Record<AmountRefusal, (rules: MarketRules, digits: number) => FieldProblem> = {
  volume_precision: (_, digits) => ({ key: 'precision', values: { digits: String(digits) } }),
  volume_below_minimum: (rules) => ({ key: 'volumeMin', values: { min: rules.limitVolumeMin } }),
  market_buy_below_minimum: (rules) => ({ key: 'marketBuyMin', values: { min: rules.marketBuyMin } }),
  market_sell_below_minimum: (rules) => ({ key: 'marketSellMin', values: { min: rules.marketSellMin } }),
};

/**
 * A limit price outside the band at the last price: the edge it breaks, at the price decimals, and the band's
 * percent (the message reads "at most 27,500.00 (10% above the last price)").
 */
function bandProblem(draft: OrderDraft, price: Big, rules: MarketRules, lastPrice: string | null): FieldProblem | null {
  const refusal = bandRefusal(rules, draft.side, price, lastPrice);
  if (!refusal) return null;
  const band = priceBand(rules, lastPrice);
  const buy = refusal === 'buy_above_band';
  const edge = (buy ? band.buyMax : band.sellMin) ?? '';
  return {
    key: buy ? 'buyAboveBand' : 'sellBelowBand',
    values: {
      edge: formatAmount(edge, rules.pricePrecision),
      percent: new Big(buy ? rules.priceBandUp : rules.priceBandDown).toFixed(),
    },
  };
}

/**
 * The order's value where the form knows it (a limit order's price × amount, a market buy's amount to spend; a
 * market sell is valued at the last price, which the server holds) against the market's minimum order value.
 */
function belowMinimumValue(draft: OrderDraft, price: Big | null, amount: Big, rules: MarketRules): boolean {
  if (draft.kind === 'limit') return price !== null && belowMinValue(rules, price.times(amount));
  return spendsQuote(draft) && belowMinValue(rules, amount);
}

/**
 * Checks a draft against the market's rules, the price band at `lastPrice` (null: no trade yet, no band) and, when
 * `available` is known (a logged-in trader), the balance. Answers the request to send, or the problem of each field.
 */
export function checkDraft(
  draft: OrderDraft,
  rules: MarketRules,
  available?: string,
  lastPrice: string | null = null,
): DraftCheck {
  const problems: { price?: FieldProblem; amount?: FieldProblem } = {};
  let price: Big | null = null;
  if (draft.kind === 'limit') {
    const problem = priceProblem(rules, draft.price);
    if (problem) problems.price = problem;
    else {
      price = parse(draft.price) as Big;
      const band = bandProblem(draft, price, rules, lastPrice);
      if (band) problems.price = band;
    }
  }
  const amount = parse(draft.amount) as Big;
  const amountRule = amountProblem(draft, rules);
  if (amountRule) problems.amount = amountRule;
  else if (belowMinimumValue(draft, price, amount, rules))
    problems.amount = { key: 'minValue', values: { min: rules.minNotional } };
  else if (available !== undefined && !problems.price && needed(draft, price, amount).gt(parse(available) ?? 0))
    problems.amount = { key: 'insufficient' };

  if (problems.price || problems.amount) return { ok: false, ...problems };
  const volume = amount.toFixed();
  return draft.kind === 'limit'
    ? { ok: true, request: { side: draft.side, type: 1, price: (price as Big).toFixed(), volume } }
    : { ok: true, request: { side: draft.side, type: 2, volume } };
}
