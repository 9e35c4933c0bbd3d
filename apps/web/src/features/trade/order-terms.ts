/**
 * The order form's terms beyond price and amount, apart from React: the stop-limit trigger (checked with the
 * contract's own direction rule, as the server checks it), the time in force and post-only choice as order/create's
 * type, the estimated fee, and the market's trading rules as the form shows them. Exact decimals with big.js.
 */
import { stepSize } from '@opex/contract/spot-order-rules';
import { type SpotOrderType, type TriggerDirection, triggerDirection } from '@opex/contract/spot-order-terms';
import Big from 'big.js';
import { type FieldProblem, type MarketRules, type OrderKind, priceProblem, type Side } from './order-form.ts';

/** What the form's type tabs offer: a stop-limit order is a limit order with a trigger price. */
export type EntryKind = OrderKind | 'stopLimit';
export const entryKinds: EntryKind[] = ['limit', 'market', 'stopLimit'];

/** Kept as the form's own choice: GTC rests, IOC and FOK take at once, post-only only rests. */
export type TimeInForceChoice = 'GTC' | 'IOC' | 'FOK' | 'POST_ONLY';
export const timeInForceChoices: TimeInForceChoice[] = ['GTC', 'IOC', 'FOK', 'POST_ONLY'];

const typeOfChoice: Record<TimeInForceChoice, SpotOrderType> = { GTC: 1, IOC: 3, FOK: 4, POST_ONLY: 5 };

/** The kind order-form.ts checks price and amount by: a stop-limit order's are a limit order's. */
export const priceKind = (kind: EntryKind): OrderKind => (kind === 'market' ? 'market' : 'limit');

/** order/create's type (the futures convention: 1 limit, 2 market, 3 IOC, 4 FOK, 5 post-only). */
export const orderType = (kind: EntryKind, choice: TimeInForceChoice): SpotOrderType =>
  kind === 'market' ? 2 : typeOfChoice[choice];

export type TriggerProblem = FieldProblem | { key: 'triggerAtLast' | 'triggerNoLast'; values?: Record<string, string> };
export type TriggerCheck = { ok: true; rises: boolean } | { ok: false; problem: TriggerProblem };

/** A stop-limit order's trigger price: a number at the market's price decimals, at least its minimum, not the last. */
export function checkTrigger(side: Side, trigger: string, rules: MarketRules, lastPrice: string | null): TriggerCheck {
  const value = trigger.trim();
  if (!/^\d+(\.\d+)?$/.test(value)) return fail({ key: 'required' });
  const problem = priceProblem(rules, value);
  if (problem) return fail(problem);
  const direction: TriggerDirection = triggerDirection(side, value, lastPrice);
  if (direction.ok) return { ok: true, rises: direction.rises };
  return fail({ key: direction.rule === 'trigger_at_last_price' ? 'triggerAtLast' : 'triggerNoLast' });
}

const fail = (problem: TriggerProblem): TriggerCheck => ({ ok: false, problem });

export interface FeeRates {
  makerFee?: string | undefined;
  takerFee?: string | undefined;
}

export interface FeeEstimate {
  /** The fee, exact, at most 8 decimals (the core truncates fees to the coin's scale). */
  amount: string;
  /** The coin it is taken from: what the order receives. */
  coin: 'base' | 'quote';
  rate: 'maker' | 'taker';
}

/**
 * The fee an order would pay if it filled whole: on what it receives (base for a buy, quote for a sell). IOC, FOK
 * and market orders take (taker rate), post-only makes (maker rate); a GTC limit order takes when its price crosses
 * the last price (for a stop-limit order, its trigger price), else it makes. Market orders are priced at the last
 * price. null while the amounts or rates are not known.
 */
export function estimatedFee(
  order: { side: Side; kind: EntryKind; choice: TimeInForceChoice; price: string; amount: string; trigger: string },
  fees: FeeRates,
  lastPrice: string | null,
): FeeEstimate | null {
  const amount = decimal(order.amount);
  const price = order.kind === 'market' ? decimal(lastPrice ?? '') : decimal(order.price);
  if (!amount || !price || price.lte(0) || fees.makerFee === undefined || fees.takerFee === undefined) return null;
  const reference = decimal(order.kind === 'stopLimit' ? order.trigger : (lastPrice ?? ''));
  const crosses = reference !== null && (order.side === 'BUY' ? price.gte(reference) : price.lte(reference));
  const takes =
    order.kind === 'market' || order.choice === 'IOC' || order.choice === 'FOK' || (order.choice === 'GTC' && crosses);
  const rate = new Big(takes ? fees.takerFee : fees.makerFee);
  // A market buy's amount is the quote to spend: it receives about amount / price of the base coin.
  const received = order.side === 'SELL' ? amount.times(price) : order.kind === 'market' ? amount.div(price) : amount;
  return {
    amount: received.times(rate).round(8, Big.roundDown).toFixed(),
    coin: order.side === 'BUY' ? 'base' : 'quote',
    rate: takes ? 'taker' : 'maker',
  };
}

function decimal(value: string): Big | null {
  return /^\d+(\.\d+)?$/.test(value.trim()) ? new Big(value.trim()) : null;
}

/** One line of the trading rules panel: a locale key under trade.rules and its value. */
export interface RuleLine {
  key:
    | 'priceStep'
    | 'amountStep'
    | 'minPrice'
    | 'minAmount'
    | 'marketBuyMin'
    | 'marketSellMin'
    | 'minValue'
    | 'bandUp'
    | 'bandDown'
    | 'maker'
    | 'taker';
  value: string;
  /** The coin the value is in, if any; 'percent' for fee rates. */
  unit: 'base' | 'quote' | 'percent';
}

/** The market's trading rules, as its public info carries them; the minimum order value and band only when set. */
export function tradingRules(rules: MarketRules, fees: FeeRates): RuleLine[] {
  const lines: RuleLine[] = [
    { key: 'priceStep', value: stepSize(rules.pricePrecision), unit: 'quote' },
    { key: 'amountStep', value: stepSize(rules.volumePrecision), unit: 'base' },
    { key: 'minPrice', value: rules.limitPriceMin, unit: 'quote' },
    { key: 'minAmount', value: rules.limitVolumeMin, unit: 'base' },
    { key: 'marketBuyMin', value: rules.marketBuyMin, unit: 'quote' },
    { key: 'marketSellMin', value: rules.marketSellMin, unit: 'base' },
  ];
  // The minimum order value and each way of the band only when the operator set them (0 turns one off).
  const guards: RuleLine[] = [
    { key: 'minValue', value: rules.minNotional, unit: 'quote' },
    { key: 'bandUp', value: rules.priceBandUp, unit: 'percent' },
    { key: 'bandDown', value: rules.priceBandDown, unit: 'percent' },
  ];
  for (const line of guards)
    if (line.value !== '' && new Big(line.value).gt(0)) lines.push({ ...line, value: new Big(line.value).toFixed() });
  const percent = (rate: string) => new Big(rate).times(100).toFixed();
  if (fees.makerFee !== undefined) lines.push({ key: 'maker', value: percent(fees.makerFee), unit: 'percent' });
  if (fees.takerFee !== undefined) lines.push({ key: 'taker', value: percent(fees.takerFee), unit: 'percent' });
  return lines.filter((line) => line.value !== '');
}
