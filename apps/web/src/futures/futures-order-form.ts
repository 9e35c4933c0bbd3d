/**
 * The futures order form as data (contract-notes-products.md §1.5), after the spot form (trading/form/create-form.ts):
 * its state, the actions that change it, and a pure summary (what the quantity means in contracts, the most that may
 * be opened or closed, the margin it takes, the local checks, the order_create request). Every amount is a decimal
 * string worked with big.js; quantities are cut, never rounded up. The server checks everything again.
 *
 * Conditional and trailing-stop kinds are order_create with isConditionOrder (co-trigger.ts): held off the book until
 * the watched price (last or mark) reaches the trigger, then placed as a limit or market order; a trailing stop
 * places a market order once the price turns back from its best by the callback rate. Both are sized in contracts.
 */
import type { CallRequest } from '@opex/contract/call';
import type { coOrderCreate } from '@opex/contract/calls/co-order';
import { CoOrderType } from '@opex/contract/calls/co-order';
import { CoTriggerPriceType, CoTriggerType } from '@opex/contract/calls/co-trigger';
import Big from 'big.js';
import { createForm } from '../trading/form/create-form.ts';
import { baseDigits, type Contract, type CoUnit } from './contracts.ts';

export type Side = 'BUY' | 'SELL';
export type FormTab = 'open' | 'close';
export type FormKind = 'limit' | 'market' | 'conditional' | 'trailing';
export const formKinds: readonly FormKind[] = ['limit', 'market', 'conditional', 'trailing'];
/** The price a trigger watches: 1 last, 2 mark (CoTriggerPriceType). */
export type WatchedPrice = 1 | 2;
/** What a conditional order places when it fires. */
export type PlaceAt = 'limit' | 'market';
/** A trailing stop's callback rate, in percent: 0.1% to 5% (the server's 0.001 to 0.05). */
export const CALLBACK_PERCENT = { min: '0.1', max: '5' } as const;
/** Limit-order options that override the order type: post-only 5, IOC 3, FOK 4. */
export type TimeOption = 'none' | 'postOnly' | 'ioc' | 'fok';
export const timeOptions: readonly TimeOption[] = ['none', 'postOnly', 'ioc', 'fok'];
const optionType: Record<TimeOption, 1 | 3 | 4 | 5> = {
  none: CoOrderType.limit,
  postOnly: CoOrderType.postOnly,
  ioc: CoOrderType.ioc,
  fok: CoOrderType.fok,
};
export const PERCENT_SHORTCUTS = [10, 20, 50, 100] as const;

export interface FuturesFormContext {
  contract: Contract;
  side: Side;
  tab: FormTab;
  kind: FormKind;
  unit: CoUnit;
  leverage: number;
  /** 1 cross, 2 isolated (the user's marginModel). */
  marginModel: 1 | 2;
  /** `{ "<leverage>": maxPositionValue }` of the user config (leverOriginCeiling). */
  leverCeiling: Record<string, string>;
  /** The margin coin's canUseAmount; undefined for visitors or while loading. */
  available: string | undefined;
  /** canCloseVolume of the position this side closes (closing a long sells); undefined without one. */
  closable: string | undefined;
  lastPrice: string | null;
}

export interface FuturesFormState {
  price: string;
  quantity: string;
  /** The shortcut last picked (0: typed by hand). */
  percent: number;
  option: TimeOption;
  reduceOnly: boolean;
  /** Conditional orders: the trigger price, the price it watches and what it places. */
  triggerPrice: string;
  watched: WatchedPrice;
  placeAt: PlaceAt;
  /** Trailing stops: the callback in percent, and the optional activation price. */
  callback: string;
  activation: string;
  /** Errors show once the trader tried to send. */
  submitted: boolean;
}

export type FuturesFormAction =
  | { type: 'typePrice'; price: string }
  | { type: 'offerPrice'; price: string; ifEmpty?: boolean }
  | { type: 'typeQuantity'; quantity: string }
  | { type: 'pickShare'; percent: number }
  | { type: 'chooseOption'; option: TimeOption }
  | { type: 'setReduceOnly'; reduceOnly: boolean }
  | { type: 'typeTrigger'; triggerPrice: string }
  | { type: 'chooseWatched'; watched: WatchedPrice }
  | { type: 'choosePlaceAt'; placeAt: PlaceAt }
  | { type: 'typeCallback'; callback: string }
  | { type: 'typeActivation'; activation: string }
  | { type: 'submit' }
  | { type: 'placed' }
  | { type: 'restart' };

export interface FormProblem {
  key:
    | 'required'
    | 'priceFar'
    | 'volumeMin'
    | 'volumeMax'
    | 'valueMin'
    | 'valueMax'
    | 'overMax'
    | 'overClosable'
    | 'insufficient'
    | 'priceFarTrigger'
    | 'callbackRange';
  values?: Record<string, string>;
}

export type OrderRequest = CallRequest<typeof coOrderCreate>;

export interface FuturesFormSummary {
  /** The Close tab or the reduce-only box: the order only reduces (open CLOSE). */
  closing: boolean;
  /** An opening market order: its quantity is the order's value in the value coin, not contracts. */
  byValue: boolean;
  /** What the quantity field holds, and its decimals. */
  quantityUnit: 'contracts' | 'base' | 'value';
  quantityDigits: number;
  /** The order in whole contracts ('' when by value or nothing typed). */
  contracts: string;
  /** The most the field may hold (in its own unit): max openable, or the closable volume. */
  max: string | undefined;
  /** Margin the order takes (opening orders whose price is known). */
  cost: string | undefined;
  errors: {
    price?: FormProblem;
    quantity?: FormProblem;
    trigger?: FormProblem;
    callback?: FormProblem;
    activation?: FormProblem;
  };
  request: OrderRequest | undefined;
}

const parse = (value: string | undefined | null): Big | null =>
  value != null && /^\d+(\.\d+)?$/.test(value.trim()) ? new Big(value.trim()) : null;
const positive = (value: Big | null): value is Big => !!value?.gt(0);

/** The most a position may be worth at `leverage`: the ceiling entry with the least key >= it (none: no cap). */
export function tierCap(ceiling: Record<string, string>, leverage: number): string | undefined {
  const keys = Object.keys(ceiling)
    .map(Number)
    .filter((k) => Number.isFinite(k) && k >= leverage)
    .sort((a, b) => a - b);
  const key = keys[0];
  return key === undefined ? undefined : ceiling[String(key)];
}

/** The most an opening order may be worth: min(available x leverage / marginRate, the tier's cap). */
export function maxOpenValue(
  available: string | undefined,
  leverage: number,
  marginRate: number,
  ceiling: Record<string, string>,
  takerFee = '0',
): Big | null {
  const balance = parse(available);
  if (!balance || !(leverage > 0) || !(marginRate > 0)) return null;
  // The exchange holds the margin and the taker fee on the value: value x (marginRate / leverage + fee) <= balance.
  const byBalance = balance.div(new Big(marginRate).div(leverage).plus(parse(takerFee) ?? 0));
  const cap = parse(tierCap(ceiling, leverage));
  return cap?.lt(byBalance) ? cap : byBalance;
}

/** What `contracts` are worth at `price`: linear in the quote coin (x multiplier x price), inverse in the base coin. */
export function contractsValue(contracts: Big, price: Big, contract: Contract): Big {
  const face = contracts.times(contract.multiplier);
  return contract.contractSide === 1 ? face.times(price) : face.div(price);
}

/** Whole contracts worth at most `value` at `price`. */
export function contractsFor(value: Big, price: Big, contract: Contract): Big {
  const one = contractsValue(new Big(1), price, contract);
  return one.gt(0) ? value.div(one).round(0, Big.roundDown) : new Big(0);
}

/** A typed quantity in whole contracts: contracts as they are (cut), a base-coin amount divided by the multiplier. */
export function toContracts(quantity: string, unit: CoUnit, multiplier: string): Big | null {
  const amount = parse(quantity);
  if (!amount) return null;
  return (unit === 1 ? amount.div(multiplier) : amount).round(0, Big.roundDown);
}

/**
 * A limit price's problem: none typed, or too far on the costly side of the last price (a buy above it, a sell below
 * it, by more than the contract's priceRange, a fraction).
 */
export function limitPriceProblem(
  price: string,
  side: Side,
  lastPrice: string | null,
  priceRange: string,
): FormProblem | undefined {
  const value = parse(price);
  if (!positive(value)) return { key: 'required' };
  const last = parse(lastPrice);
  const range = parse(priceRange);
  if (!positive(last) || !range) return undefined;
  const costly = side === 'BUY' ? value.gt(last) : value.lt(last);
  if (costly && value.minus(last).abs().div(last).gt(range)) {
    const bound = side === 'BUY' ? last.times(range.plus(1)) : last.times(new Big(1).minus(range));
    return { key: 'priceFar', values: { price: bound.toFixed() } };
  }
  return undefined;
}

/** A conditional limit price may differ from its trigger by at most the contract's priceRange (trigger-rules.ts). */
export function triggerPriceProblem(price: string, trigger: string, priceRange: string): FormProblem | undefined {
  const value = parse(price);
  if (!positive(value)) return { key: 'required' };
  const at = parse(trigger);
  const range = parse(priceRange);
  if (!positive(at) || !range || value.minus(at).abs().lte(at.times(range))) return undefined;
  return {
    key: 'priceFarTrigger',
    values: { low: at.times(new Big(1).minus(range)).toFixed(), high: at.times(range.plus(1)).toFixed() },
  };
}

/** The price an order is valued at for its max and margin: the limit price, the trigger, or the last price. */
function valuationPrice(state: FuturesFormState, ctx: FuturesFormContext): Big | null {
  if (ctx.kind === 'limit') return parse(state.price);
  if (ctx.kind === 'conditional') return parse(state.placeAt === 'limit' ? state.price : state.triggerPrice);
  if (ctx.kind === 'trailing') return parse(state.activation) ?? parse(ctx.lastPrice);
  return parse(ctx.lastPrice);
}

/** The conditional kinds' own checks: trigger, its limit price, the trailing stop's callback and activation. */
function triggerErrors(state: FuturesFormState, ctx: FuturesFormContext): FuturesFormSummary['errors'] {
  const errors: FuturesFormSummary['errors'] = {};
  if (ctx.kind === 'conditional') {
    if (!positive(parse(state.triggerPrice))) errors.trigger = { key: 'required' };
    const problem =
      state.placeAt === 'limit'
        ? triggerPriceProblem(state.price, state.triggerPrice, ctx.contract.coinResultVo.priceRange)
        : undefined;
    if (problem) errors.price = problem;
  } else if (ctx.kind === 'trailing') {
    const rate = parse(state.callback);
    if (!rate || rate.lt(CALLBACK_PERCENT.min) || rate.gt(CALLBACK_PERCENT.max))
      errors.callback = { key: 'callbackRange', values: { ...CALLBACK_PERCENT } };
    if (state.activation.trim() !== '' && !positive(parse(state.activation))) errors.activation = { key: 'required' };
  }
  return errors;
}

/** order_create's conditional fields: trigger type, watched price, trigger or callback and activation. */
function conditionalFields(state: FuturesFormState, kind: FormKind): Partial<OrderRequest> {
  if (kind === 'conditional')
    return {
      isConditionOrder: true,
      triggerType: CoTriggerType.conditional,
      triggerPriceType: state.watched,
      triggerPrice: (parse(state.triggerPrice) as Big).toFixed(),
    };
  const activation = parse(state.activation);
  return {
    isConditionOrder: true,
    triggerType: CoTriggerType.trailingStop,
    triggerPriceType: state.watched,
    callbackRate: new Big(state.callback.trim()).div(100).toFixed(),
    ...(activation ? { activationPrice: activation.toFixed() } : {}),
  };
}

/** The order type sent: market for market orders and trailing stops, the conditional's choice, else the option's. */
function orderType(state: FuturesFormState, kind: FormKind): OrderRequest['type'] {
  if (kind === 'market' || kind === 'trailing') return CoOrderType.market;
  if (kind === 'conditional') return state.placeAt === 'market' ? CoOrderType.market : CoOrderType.limit;
  return optionType[state.option];
}

function quantityDigitsOf(byValue: boolean, unit: CoUnit, contract: Contract): number {
  if (byValue) return contract.coinResultVo.marginCoinPrecision;
  return unit === 1 ? baseDigits(contract) : 0;
}

/** Contracts in the field's unit (base coin: x multiplier). */
function inUnit(contracts: Big, unit: CoUnit, contract: Contract): string {
  return unit === 1 ? contracts.times(contract.multiplier).toFixed() : contracts.toFixed(0);
}

function summarize(state: FuturesFormState, ctx: FuturesFormContext): FuturesFormSummary {
  const { contract, kind, unit, leverage } = ctx;
  const limits = contract.coinResultVo;
  const closing = ctx.tab === 'close' || state.reduceOnly;
  const byValue = kind === 'market' && !closing;
  const quantityDigits = quantityDigitsOf(byValue, unit, contract);
  const price = valuationPrice(state, ctx);
  const sendsPrice = kind === 'limit' || (kind === 'conditional' && state.placeAt === 'limit');
  const maxValue = closing
    ? null
    : maxOpenValue(ctx.available, leverage, contract.marginRate, ctx.leverCeiling, contract.takerFee);
  const closable = parse(ctx.closable) ?? new Big(0);

  const maxContracts = closing
    ? closable
    : maxValue && positive(price)
      ? contractsFor(maxValue, price, contract)
      : null;
  const max = byValue
    ? maxValue?.round(quantityDigits, Big.roundDown).toFixed()
    : maxContracts
      ? inUnit(maxContracts, unit, contract)
      : undefined;

  const errors = triggerErrors(state, ctx);
  if (kind === 'limit') {
    const problem = limitPriceProblem(state.price, ctx.side, ctx.lastPrice, limits.priceRange);
    if (problem) errors.price = problem;
  }

  let contracts: Big | null = null;
  let cost: Big | null = null;
  if (byValue) {
    const value = parse(state.quantity);
    if (!positive(value)) errors.quantity = { key: 'required' };
    else if (value.lt(limits.minOrderMoney))
      errors.quantity = { key: 'valueMin', values: { min: limits.minOrderMoney } };
    else if (value.gt(limits.maxMarketMoney))
      errors.quantity = { key: 'valueMax', values: { max: limits.maxMarketMoney } };
    else if (maxValue && value.gt(maxValue)) errors.quantity = { key: 'overMax', values: { max: max ?? '0' } };
    if (positive(value)) cost = value.times(contract.marginRate).div(leverage);
  } else {
    contracts = toContracts(state.quantity, unit, contract.multiplier);
    if (!positive(contracts)) errors.quantity = { key: 'required' };
    else if (contracts.lt(limits.minOrderVolume))
      errors.quantity = { key: 'volumeMin', values: { min: limits.minOrderVolume } };
    else if (contracts.gt(limits.maxLimitVolume))
      errors.quantity = { key: 'volumeMax', values: { max: limits.maxLimitVolume } };
    else if (closing && contracts.gt(closable))
      errors.quantity = { key: 'overClosable', values: { max: inUnit(closable, unit, contract) } };
    if (!closing && positive(contracts) && positive(price)) {
      cost = contractsValue(contracts, price, contract).times(contract.marginRate).div(leverage);
      const available = parse(ctx.available);
      if (!errors.quantity && available && cost.gt(available)) errors.quantity = { key: 'insufficient' };
      else if (!errors.quantity && maxContracts && contracts.gt(maxContracts))
        errors.quantity = { key: 'overMax', values: { max: max ?? '0' } };
    }
  }

  const ok = Object.values(errors).every((e) => e === undefined);
  const request: OrderRequest | undefined = ok
    ? {
        contractId: contract.id,
        positionType: ctx.marginModel,
        side: ctx.side,
        leverageLevel: leverage,
        price: sendsPrice ? (parse(state.price) as Big).toFixed() : '0',
        volume: byValue ? (parse(state.quantity) as Big).toFixed() : (contracts as Big).toFixed(0),
        open: closing ? 'CLOSE' : 'OPEN',
        type: orderType(state, kind),
        isConditionOrder: false,
        ...(kind === 'conditional' || kind === 'trailing' ? conditionalFields(state, kind) : {}),
      }
    : undefined;

  return {
    closing,
    byValue,
    quantityUnit: byValue ? 'value' : unit === 1 ? 'base' : 'contracts',
    quantityDigits,
    contracts: contracts && !byValue ? contracts.toFixed(0) : '',
    max,
    cost: cost ? cost.round(limits.marginCoinPrecision, Big.roundUp).toFixed() : undefined,
    errors,
    request,
  };
}

/** The share of `max` a shortcut fills in, cut to the field's decimals ('' when nothing may be ordered). */
export function shareOf(max: string | undefined, percent: number, digits: number): string {
  const whole = parse(max);
  if (!positive(whole)) return '';
  const part = whole.times(percent).div(100).round(digits, Big.roundDown);
  return part.gt(0) ? part.toFixed(digits) : '';
}

const initial = (): FuturesFormState => ({
  price: '',
  quantity: '',
  percent: 0,
  option: 'none',
  reduceOnly: false,
  triggerPrice: '',
  watched: CoTriggerPriceType.last,
  placeAt: 'limit',
  callback: '',
  activation: '',
  submitted: false,
});

export const futuresOrderForm = createForm<FuturesFormState, FuturesFormAction, FuturesFormContext, FuturesFormSummary>(
  {
    initial,
    reduce(state, action, ctx) {
      switch (action.type) {
        case 'typePrice':
          return { ...state, price: action.price };
        case 'offerPrice':
          return action.ifEmpty && state.price !== '' ? state : { ...state, price: action.price };
        case 'typeQuantity':
          return { ...state, quantity: action.quantity, percent: 0 };
        case 'pickShare': {
          const { max, quantityDigits } = summarize(state, ctx);
          return { ...state, percent: action.percent, quantity: shareOf(max, action.percent, quantityDigits) };
        }
        case 'chooseOption':
          return { ...state, option: action.option };
        case 'setReduceOnly':
          return { ...state, reduceOnly: action.reduceOnly };
        case 'typeTrigger':
          return { ...state, triggerPrice: action.triggerPrice };
        case 'chooseWatched':
          return { ...state, watched: action.watched };
        case 'choosePlaceAt':
          return { ...state, placeAt: action.placeAt };
        case 'typeCallback':
          return { ...state, callback: action.callback };
        case 'typeActivation':
          return { ...state, activation: action.activation };
        case 'submit':
          return { ...state, submitted: true };
        case 'placed':
          return { ...state, quantity: '', percent: 0, submitted: false };
        case 'restart':
          return { ...initial(), price: state.price, watched: state.watched, placeAt: state.placeAt };
      }
    },
    summarize,
  },
);
