/**
 * The spot order form's arithmetic and checks, apart from React and HTTP: what an order costs, what a percentage
 * shortcut fills in, and whether the market's rules (the server's order-rules.ts, one for one) accept the order
 * before it is sent. Every amount is a decimal string worked with big.js; results are truncated, never rounded up.
 */
import Big from 'big.js';

export type Side = 'BUY' | 'SELL';
export type OrderKind = 'limit' | 'market';

/** A market's rules as public info carries them (precisions in digits, minimums as decimal strings). */
export interface MarketRules {
  pricePrecision: number;
  volumePrecision: number;
  limitPriceMin: string;
  limitVolumeMin: string;
  marketBuyMin: string;
  marketSellMin: string;
  /** Least order value in the quote coin: a limit order's price × amount, a market buy's amount ('0': none). */
  minNotional: string;
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
    | 'insufficient';
  values?: Record<string, string>;
}

export type DraftCheck =
  | { ok: true; request: { side: Side; type: 1 | 2; price?: string; volume: string } }
  | { ok: false; price?: FieldProblem; amount?: FieldProblem };

/** True when the market buy's amount is in the quote coin. */
export const spendsQuote = (draft: Pick<OrderDraft, 'side' | 'kind'>) =>
  draft.side === 'BUY' && draft.kind === 'market';

/** Decimals the amount field takes: quote decimals (the price precision) for a market buy, else lot decimals. */
export const amountPrecision = (draft: Pick<OrderDraft, 'side' | 'kind'>, rules: MarketRules) =>
  spendsQuote(draft) ? rules.pricePrecision : rules.volumePrecision;

function parse(value: string): Big | null {
  if (!/^\d+(\.\d*)?$|^\.\d+$/.test(value.trim())) return null;
  return new Big(value.trim());
}

const decimals = (value: string) => (value.split('.')[1] ?? '').length;

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

/**
 * The server's minimum order value (market-guards.ts) where the form knows the value: a limit order's price × amount
 * and a market buy's amount to spend (a market sell is valued at the last price, which only the server holds).
 */
function belowMinValue(draft: OrderDraft, price: Big | null, amount: Big, rules: MarketRules): boolean {
  const min = parse(rules.minNotional);
  if (!min || min.lte(0)) return false;
  if (draft.kind === 'limit') return price?.times(amount).lt(min) === true;
  return spendsQuote(draft) && amount.lt(min);
}

/**
 * Checks a draft against the market's rules and, when `available` is known (a logged-in trader), the balance.
 * Answers the request to send, or the problem of each field.
 */
export function checkDraft(draft: OrderDraft, rules: MarketRules, available?: string): DraftCheck {
  const problems: { price?: FieldProblem; amount?: FieldProblem } = {};
  let price: Big | null = null;
  if (draft.kind === 'limit') {
    price = parse(draft.price);
    if (!price || price.lte(0)) problems.price = { key: 'required' };
    else if (decimals(draft.price) > rules.pricePrecision)
      problems.price = { key: 'precision', values: { digits: String(rules.pricePrecision) } };
    else if (price.lt(rules.limitPriceMin || '0'))
      problems.price = { key: 'priceMin', values: { min: rules.limitPriceMin } };
  }
  const amount = parse(draft.amount);
  const places = amountPrecision(draft, rules);
  const minimum: [FieldProblem['key'], string] = spendsQuote(draft)
    ? ['marketBuyMin', rules.marketBuyMin]
    : draft.kind === 'market'
      ? ['marketSellMin', rules.marketSellMin]
      : ['volumeMin', rules.limitVolumeMin];
  if (!amount || amount.lte(0)) problems.amount = { key: 'required' };
  else if (decimals(draft.amount) > places) problems.amount = { key: 'precision', values: { digits: String(places) } };
  else if (amount.lt(minimum[1] || '0')) problems.amount = { key: minimum[0], values: { min: minimum[1] } };
  else if (belowMinValue(draft, price, amount, rules))
    problems.amount = { key: 'minValue', values: { min: rules.minNotional } };
  else if (available !== undefined && !problems.price && needed(draft, price, amount).gt(parse(available) ?? 0))
    problems.amount = { key: 'insufficient' };

  if (problems.price || problems.amount) return { ok: false, ...problems };
  const volume = (amount as Big).toFixed();
  return draft.kind === 'limit'
    ? { ok: true, request: { side: draft.side, type: 1, price: (price as Big).toFixed(), volume } }
    : { ok: true, request: { side: draft.side, type: 2, volume } };
}
