import type { coOrderCreate } from '@opex/contract/calls/co-order';
import {
  CoTriggerMemo,
  CoTriggerPriceType,
  CoTriggerStatus,
  CoTriggerType,
  type coOrderTpslCreate,
} from '@opex/contract/calls/co-trigger';
import { ErrorCode, type ErrorCodeValue, errorMessages } from '@opex/contract/error-codes';
import type { z } from 'zod';
import type { Contract } from '../../catalog/contracts.ts';
import { futuresAccountsOf } from '../../core/futures/futures-rules.ts';
import { type ContractMarks, liveContract } from '../../futures/contract-books.ts';
import { futuresAccount } from '../../futures/futures-account.ts';
import { orderIntent } from '../../futures/order-intent.ts';
import type { Direction } from '../../futures/trigger-book.ts';
import {
  fixedDirection,
  reached,
  tpslRefusal,
  validCallbackRate,
  waitingDirection,
  withinPriceRange,
} from '../../futures/trigger-rules.ts';
import { insertTriggers, type NewTrigger } from '../../futures/trigger-store.ts';
import { hasFuturesAccount } from '../../futures/user-config.ts';
import { ledgerFromUnits, ledgerOf, ledgerText, parseLedger } from '../../ledger/ledger-units.ts';
import { CallError } from '../../platform/call-error.ts';
import type { Services } from '../../services.ts';
import type { TriggerWatch } from './trigger-watch.ts';

/**
 * Conditional orders created and cancelled (contract-notes-products.md §1.3, futures/trigger-rules.ts): from
 * order/order_create with isConditionOrder, or as a position's take-profit and stop-loss; each stored with the
 * user's settings now and armed in the trigger watch. Cancels go through the watch, so none races a firing.
 */
const DAY_MS = 86_400_000;

type CreateInput = z.output<typeof coOrderCreate.request>;

export interface TriggerCalls {
  services: Services;
  watch: TriggerWatch;
  marks: ContractMarks;
}

/** The co module's trigger kit per server, so the futures Open API arms its orders in the one watch. */
export const triggerKits = new WeakMap<Services, TriggerCalls>();

/** The contract's watched price now (last trade or mark), or the refusal when it has none. */
function priceNow(kit: TriggerCalls, symbol: string, kind: number): bigint {
  if (kind === CoTriggerPriceType.mark) {
    const mark = kit.marks.markOf(symbol);
    if (mark === null) throw new CallError(ErrorCode.futuresTriggerNoPrice);
    return mark;
  }
  const book = kit.services.core.book(symbol);
  const spec = kit.services.core.market(symbol);
  if (!book || !spec || book.lastPrice <= 0) throw new CallError(ErrorCode.futuresTriggerNoPrice);
  return ledgerFromUnits(book.lastPrice, spec.pricePrecision);
}

/** A price field: above zero and at the contract's precision, in ledger units; else the refusal named for `field`. */
function priceField(text: string | null | undefined, contract: Contract, field: string): bigint | ErrorCodeValue {
  const units = text === undefined || text === null ? null : parseLedger(text);
  if (units === null || units <= 0n) return ErrorCode.badRequest;
  const step = 10n ** BigInt(18 - contract.price_precision);
  if (units % step !== 0n) return field === 'triggerPrice' ? ErrorCode.triggerPricePrecision : ErrorCode.pricePrecision;
  return units;
}

const refuse = (code: ErrorCodeValue, field: string): CallError =>
  new CallError(code, code === ErrorCode.badRequest ? `${field}: a price above 0 is required.` : errorMessages[code]);

function required(value: bigint | ErrorCodeValue, field: string): bigint {
  if (typeof value === 'string') throw refuse(value, field);
  return value;
}

/** Whole contracts within the contract's least order and most limit order; else the refusal. */
function checkVolume(volume: string, contract: Contract): void {
  if (!/^\d+$/.test(volume) || BigInt(volume) === 0n)
    throw new CallError(ErrorCode.volumePrecision, 'volume: a whole number of contracts, at least one.');
  const lots = (limit: string) => ledgerOf(limit) / 10n ** 18n;
  if (BigInt(volume) < lots(contract.min_order_volume)) throw new CallError(ErrorCode.volumeBelowMinimum);
  if (BigInt(volume) > lots(contract.max_limit_volume)) throw new CallError(ErrorCode.futuresVolumeAboveMax);
}

/** The trigger's row as stored: the order it will place, with the user's settings now. */
async function triggerRow(
  kit: TriggerCalls,
  userId: number,
  contract: Contract,
  symbol: string,
  order: {
    side: 'BUY' | 'SELL';
    open: 'OPEN' | 'CLOSE';
    type: number;
    price: bigint | null;
    volume: string;
    triggerPrice: bigint;
    kind: number;
    triggerType: number;
    direction: Direction;
    tpsl: boolean;
    trailing?: { callbackRate: string; activation: bigint | null; extreme: bigint | null };
    expireDays?: number | undefined;
  },
): Promise<NewTrigger> {
  const { intent, expireDays } = await orderIntent(kit.services.database.db, userId, contract, order.side, order.open);
  const days = order.expireDays ?? expireDays;
  const now = kit.services.clock.now();
  return {
    user_id: userId,
    contract_id: contract.id,
    symbol,
    side: order.side,
    reduce_only: intent.reduceOnly ? 1 : 0,
    position_side: intent.positionSide,
    leverage: intent.leverage,
    margin_mode: intent.marginMode,
    order_type: order.type,
    price: order.price === null ? '0' : ledgerText(order.price),
    volume: order.volume,
    trigger_price: ledgerText(order.triggerPrice),
    price_kind: order.kind,
    trigger_type: order.triggerType,
    direction: order.direction,
    tpsl: order.tpsl ? 1 : 0,
    callback_rate: order.trailing?.callbackRate ?? '0',
    activation_price: ledgerText(order.trailing?.activation ?? 0n),
    extreme: ledgerText(order.trailing?.extreme ?? 0n),
    expire_days: days,
    expire_at: now + days * DAY_MS,
    status: CoTriggerStatus.active,
    memo: 0,
    error_code: '',
    created_at: now,
    updated_at: now,
  };
}

/** The caller's open position that an order of `side` closes, or null. */
async function positionClosedBy(kit: TriggerCalls, userId: number, contract: Contract, symbol: string, side: string) {
  const { intent } = await orderIntent(kit.services.database.db, userId, contract, side as 'BUY', 'CLOSE');
  const account = futuresAccountsOf(contract.contract_type).user;
  const accounts = await futuresAccount(kit.services, userId, kit.marks, [contract.margin_coin], account);
  for (const account of accounts)
    for (const v of account.positions) {
      const p = v.position;
      if (p.symbol === symbol && p.positionSide === intent.positionSide && (side === 'SELL' ? p.qty > 0n : p.qty < 0n))
        return v;
    }
  return null;
}

/** order/order_create with isConditionOrder: checks the order and stores it, armed; answers its id. */
export async function createConditionalOrder(
  kit: TriggerCalls,
  userId: number,
  contract: Contract,
  symbol: string,
  input: CreateInput,
): Promise<number> {
  if (input.type !== 1 && input.type !== 2)
    throw new CallError(ErrorCode.badRequest, 'type: a conditional order places a limit (1) or market (2) order.');
  checkVolume(input.volume, contract);
  const triggerType = input.triggerType ?? CoTriggerType.conditional;
  const kind = input.triggerPriceType ?? CoTriggerPriceType.last;
  const now = priceNow(kit, symbol, kind);
  const price = input.type === 1 ? required(priceField(input.price, contract, 'price'), 'price') : null;
  let order: Parameters<typeof triggerRow>[4];
  const base = { side: input.side, open: input.open, type: input.type, price, volume: input.volume, kind };
  if (triggerType === CoTriggerType.trailingStop) {
    if (input.type !== 2) throw new CallError(ErrorCode.badRequest, 'type: a trailing stop places a market order (2).');
    const rate = parseLedger(input.callbackRate ?? '');
    if (rate === null || !validCallbackRate(rate)) throw new CallError(ErrorCode.futuresCallbackRate);
    const direction = fixedDirection(triggerType, input.side);
    const activation =
      input.activationPrice && parseLedger(input.activationPrice) !== 0n
        ? required(priceField(input.activationPrice, contract, 'activationPrice'), 'activationPrice')
        : null;
    // It activates on the move opposite to the one that fires it: a sell's once the price rises to activation.
    if (activation !== null && reached(direction === 2 ? 1 : 2, activation, now))
      throw new CallError(
        ErrorCode.futuresTriggerWouldFire,
        `activationPrice: it would activate at once; a ${input.side === 'SELL' ? 'sell' : 'buy'} trailing stop's must be ${direction === 2 ? 'above' : 'below'} the price now.`,
      );
    order = {
      ...base,
      triggerPrice: 0n,
      triggerType,
      direction,
      tpsl: false,
      trailing: { callbackRate: ledgerText(rate), activation, extreme: activation === null ? now : null },
    };
  } else {
    const trigger = required(priceField(input.triggerPrice, contract, 'triggerPrice'), 'triggerPrice');
    const direction = waitingDirection(triggerType, input.side, trigger, now);
    if (typeof direction === 'string') throw new CallError(direction);
    if (price !== null && !withinPriceRange(price, trigger, ledgerOf(contract.price_range)))
      throw new CallError(ErrorCode.futuresTriggerPriceRange);
    order = { ...base, triggerPrice: trigger, triggerType, direction, tpsl: false };
  }
  if (input.open === 'CLOSE' && !(await positionClosedBy(kit, userId, contract, symbol, input.side)))
    throw new CallError(ErrorCode.futuresNoPosition);
  const rows = await insertTriggers(kit.services.database.db, [await triggerRow(kit, userId, contract, symbol, order)]);
  kit.watch.arm(rows);
  return Number(rows[0]?.id);
}

/** order/order_cancel with isConditionOrder: one of the caller's active triggers, or all of the contract. */
export async function cancelConditionalOrders(
  kit: TriggerCalls,
  userId: number,
  symbol: string,
  orderId: string | undefined,
): Promise<void> {
  const ids = orderId === undefined ? null : [Number(orderId)];
  if (ids && !Number.isSafeInteger(ids[0])) throw new CallError(ErrorCode.futuresTriggerNotActive);
  const ended = await kit.watch.cancel(userId, symbol, ids, CoTriggerMemo.userCancelled);
  if (ids && ended.length === 0) throw new CallError(ErrorCode.futuresTriggerNotActive);
}

/** order/order_tpsl_create: every sub-order checked (§1.3), then all stored and armed, or none. */
export async function createTakeProfitStopLoss(
  kit: TriggerCalls,
  userId: number,
  input: z.output<typeof coOrderTpslCreate.request>,
): Promise<z.input<typeof coOrderTpslCreate.reply>> {
  const { services } = kit;
  const { db } = services.database;
  const { contract, symbol } = await liveContract(services, input.contractId);
  if (contract.status !== 'listed') throw new CallError(ErrorCode.futuresContractClosed);
  if (!(await hasFuturesAccount(db, userId))) throw new CallError(ErrorCode.futuresNoAccount);
  const position = await positionClosedBy(kit, userId, contract, symbol, input.side);
  if (!position) throw new CallError(ErrorCode.futuresNoPosition);
  const long = position.position.qty > 0n;
  const closable = (long ? position.position.qty : -position.position.qty) - position.closing;
  // The price positions are valued at: the mark, or the last trade price while the contract has no index.
  const defaultKind = kit.marks.markOf(symbol) === null ? CoTriggerPriceType.last : CoTriggerPriceType.mark;
  const checked = input.orderList.map((o) => {
    try {
      checkVolume(o.volume, contract);
      if (BigInt(o.volume) > closable) throw new CallError(ErrorCode.futuresCloseAboveClosable);
      const trigger = required(priceField(o.triggerPrice, contract, 'triggerPrice'), 'triggerPrice');
      const price = o.type === 1 ? required(priceField(o.price, contract, 'price'), 'price') : null;
      if (price !== null && !withinPriceRange(price, trigger, ledgerOf(contract.price_range)))
        throw new CallError(ErrorCode.futuresTriggerPriceRange);
      const refusal = tpslRefusal(o.triggerType, trigger, long, position.mark, position.liquidation);
      if (refusal) throw new CallError(refusal);
      const kind = o.triggerPriceType ?? defaultKind;
      const direction = waitingDirection(o.triggerType, input.side, trigger, priceNow(kit, symbol, kind));
      if (typeof direction === 'string') throw new CallError(direction);
      return { ok: true as const, o, trigger, price, kind, direction };
    } catch (error) {
      if (!(error instanceof CallError)) throw error;
      return { ok: false as const, code: error.code, msg: error.message };
    }
  });
  const refused = checked.find((c) => !c.ok);
  if (refused && !refused.ok) {
    const respList = checked.map((c) =>
      c.ok ? { code: '0', msg: 'success', id: '' } : { code: c.code, msg: c.msg, id: '' },
    );
    throw new CallError(refused.code, refused.msg, 200, { respList });
  }
  const rows: NewTrigger[] = [];
  for (const c of checked) {
    if (!c.ok) continue;
    rows.push(
      await triggerRow(kit, userId, contract, symbol, {
        side: input.side,
        open: 'CLOSE',
        type: c.o.type,
        price: c.price,
        volume: c.o.volume,
        triggerPrice: c.trigger,
        kind: c.kind,
        triggerType: c.o.triggerType,
        direction: c.direction,
        tpsl: true,
        expireDays: c.o.expiredTime,
      }),
    );
  }
  const stored = await insertTriggers(db, rows);
  kit.watch.arm(stored);
  return { respList: stored.map((r) => ({ code: '0', msg: 'success', id: String(r.id) })) };
}
