/**
 * The spot order form as data (trading/form/create-form.ts): what the trader typed, the actions that change it, and
 * the summary the view shows (the draft's check, the trigger's, the total, the fee, each field's error once the
 * trader tried to send, and the order/create request when every check passes). Pure: tested without a browser.
 */
import type { SpotOrderType } from '@opex/contract/spot-order-terms';
import { createForm } from '../../trading/form/create-form.ts';
import {
  amountForShare,
  amountPrecision,
  checkDraft,
  type DraftCheck,
  type FieldProblem,
  limitTotal,
  type MarketRules,
  type OrderDraft,
  type Side,
  shareOfAvailable,
  spendsQuote,
} from './order-form.ts';
import {
  checkTrigger,
  type EntryKind,
  estimatedFee,
  type FeeEstimate,
  type FeeRates,
  orderType,
  priceKind,
  type TimeInForceChoice,
  type TriggerCheck,
  type TriggerProblem,
} from './order-terms.ts';

export interface SpotFormState {
  price: string;
  trigger: string;
  choice: TimeInForceChoice;
  amount: string;
  /** Where the percentage slider sits. */
  percent: number;
  /** The trader tried to send: field errors show from then on. */
  touched: boolean;
  /** The last send was accepted ("Order placed."). */
  placed: boolean;
}

/** What the form reads and does not own. */
export interface SpotFormContext {
  side: Side;
  kind: EntryKind;
  rules: MarketRules;
  fees: FeeRates;
  /** Spendable balance of the coin this side pays with; undefined for visitors or while loading. */
  available: string | undefined;
  /** Auto-borrow (margin) lends what the order lacks: the balance does not limit the amount. */
  borrows?: boolean;
  isLogin: boolean;
  /** The market's last price; null before its first trade. */
  lastPrice: string | null;
}

export type SpotFormAction =
  /** A price from the book (replaces the typed one) or the last price (`ifEmpty`: only into an empty field). */
  | { type: 'offerPrice'; price: string; ifEmpty?: boolean }
  | { type: 'typePrice'; price: string }
  | { type: 'typeTrigger'; trigger: string }
  | { type: 'chooseTimeInForce'; choice: TimeInForceChoice }
  | { type: 'typeAmount'; amount: string }
  /** A percentage shortcut: the amount it stands for is filled in. */
  | { type: 'slideShare'; percent: number }
  /** Another market or kind: what was typed for one means nothing in the other (the price stays). */
  | { type: 'restart' }
  | { type: 'submit' }
  | { type: 'placed' };

type FieldError = (Pick<FieldProblem, 'values'> & { key: string }) | undefined;

export interface SpotFormSummary {
  draft: OrderDraft;
  check: DraftCheck;
  triggerCheck: TriggerCheck | null;
  /** Each field's problem, once the trader tried to send. */
  errors: { price: FieldError; amount: FieldError; trigger: FieldError };
  /** True when the amount is the quote coin to spend (a market buy). */
  spendsQuote: boolean;
  amountPrecision: number;
  /** price × amount, exact; '' for a market order or while either is missing. */
  total: string;
  fee: FeeEstimate | null;
  /** order/create's request without the symbol, when every check passes; null otherwise. */
  request: { side: Side; type: SpotOrderType; price?: string; volume: string; triggerPrice?: string } | null;
}

const balanceOf = (context: SpotFormContext) => context.available ?? '0';
const draftOf = (state: SpotFormState, context: SpotFormContext): OrderDraft => ({
  side: context.side,
  kind: priceKind(context.kind),
  price: state.price,
  amount: state.amount,
});

function reduce(state: SpotFormState, action: SpotFormAction, context: SpotFormContext): SpotFormState {
  switch (action.type) {
    case 'offerPrice':
      return { ...state, price: action.ifEmpty && state.price ? state.price : action.price };
    case 'typePrice':
      return { ...state, price: action.price };
    case 'typeTrigger':
      return { ...state, trigger: action.trigger };
    case 'chooseTimeInForce':
      return { ...state, choice: action.choice };
    case 'typeAmount': {
      const percent = shareOfAvailable({ ...draftOf(state, context), amount: action.amount }, balanceOf(context));
      return { ...state, amount: action.amount, percent, placed: false };
    }
    case 'slideShare': {
      const draft = draftOf(state, context);
      const amount =
        action.percent === 0 ? '' : amountForShare(draft, action.percent, balanceOf(context), context.rules);
      return { ...state, percent: action.percent, amount, placed: false };
    }
    case 'restart':
      return { ...state, amount: '', trigger: '', percent: 0, touched: false };
    case 'submit':
      return { ...state, touched: true, placed: false };
    case 'placed':
      return { ...state, amount: '', percent: 0, touched: false, placed: true };
  }
}

function summarize(state: SpotFormState, context: SpotFormContext): SpotFormSummary {
  const { side, kind, rules, lastPrice } = context;
  const draft = draftOf(state, context);
  const check = checkDraft(
    draft,
    rules,
    context.isLogin && !context.borrows ? balanceOf(context) : undefined,
    lastPrice,
  );
  const triggerCheck = kind === 'stopLimit' ? checkTrigger(side, state.trigger, rules, lastPrice) : null;
  const shown = (problem: FieldProblem | TriggerProblem | undefined) => (state.touched ? problem : undefined);
  const triggerOk = !triggerCheck || triggerCheck.ok;
  return {
    draft,
    check,
    triggerCheck,
    errors: {
      price: shown(check.ok ? undefined : check.price),
      amount: shown(check.ok ? undefined : check.amount),
      trigger: shown(triggerCheck && !triggerCheck.ok ? triggerCheck.problem : undefined),
    },
    spendsQuote: spendsQuote(draft),
    amountPrecision: amountPrecision(draft, rules),
    total: kind !== 'market' ? limitTotal(state.price, state.amount) : '',
    fee: estimatedFee(
      { side, kind, choice: state.choice, price: state.price, amount: state.amount, trigger: state.trigger },
      context.fees,
      lastPrice,
    ),
    request:
      check.ok && triggerOk
        ? {
            ...check.request,
            type: orderType(kind, state.choice),
            ...(kind === 'stopLimit' ? { triggerPrice: state.trigger.trim() } : {}),
          }
        : null,
  };
}

export const spotOrderForm = createForm<SpotFormState, SpotFormAction, SpotFormContext, SpotFormSummary>({
  initial: () => ({ price: '', trigger: '', choice: 'GTC', amount: '', percent: 0, touched: false, placed: false }),
  reduce,
  summarize,
});
