import { z } from 'zod';
import { defineCall } from '../call.ts';
import { idField, pageField, positiveInt, timeFilterField } from './paging.ts';

/**
 * Futures orders on the co host (contract-notes-products.md §1.3). Prices and amounts are exact decimal strings
 * (numbers are accepted, read as their shortest decimal form); volumes are whole contracts.
 */

export const decimal = z
  .union([z.string(), z.number()])
  .transform((v) => (typeof v === 'number' ? String(v) : v.trim()))
  .refine((v) => /^\d+(\.\d+)?$/.test(v), 'must be a non-negative decimal number');

/** The original's order types: 1 limit, 2 market, 3 IOC, 4 FOK, 5 post-only (6 forced and 7 merge are the exchange's). */
export const CoOrderType = { limit: 1, market: 2, ioc: 3, fok: 4, postOnly: 5, forced: 6, merge: 7 } as const;

/** Order status codes (§1.3). */
export const CoOrderStatus = {
  new: 0,
  open: 1,
  filled: 2,
  partlyFilled: 3,
  cancelled: 4,
  cancelling: 5,
  abnormal: 6,
  partlyFilledCancelled: 7,
} as const;

/** Why the exchange (memo 2-7) or the user (1) cancelled an order (§1.3). */
export const CoCancelMemo = {
  user: 1,
  system: 2,
  liquidation: 3,
  noLiquidity: 4,
  fokUnfilled: 5,
  iocRemainder: 6,
  postOnlyWouldTake: 7,
} as const;

/**
 * order/order_create. With `isConditionOrder` true it is a conditional order held off the book until its trigger
 * price is reached (co-trigger.ts: `type` 1 or 2, `volume` whole contracts, the reply's orderId is the trigger's id).
 * `volume` is whole contracts (the page divides a base-coin quantity by the multiplier); an
 * opening market order sends its value instead (quote coin for linear, base coin for inverse), which the exchange
 * turns into the contracts the book gives for it. `open` CLOSE is reduce-only: it closes at most the closable
 * volume. In one-way mode (positionModel 1) OPEN orders also close an opposite position first. Reply: the new id.
 */
export const coOrderCreate = defineCall({
  name: 'order/order_create',
  host: 'co',
  access: 'login',
  writes: true,
  request: z.object({
    contractId: idField,
    positionType: z.union([z.literal(1), z.literal(2)]).optional(),
    side: z.enum(['BUY', 'SELL']),
    leverageLevel: positiveInt(1000).optional(),
    price: decimal.optional(),
    volume: decimal,
    triggerPrice: decimal.nullish(),
    open: z.enum(['OPEN', 'CLOSE']),
    type: z.union([z.literal(1), z.literal(2), z.literal(3), z.literal(4), z.literal(5)]),
    isConditionOrder: z.boolean().optional(),
    /** Conditional orders (ours): CoTriggerType; absent is 3, a plain conditional order. */
    triggerType: z.union([z.literal(1), z.literal(2), z.literal(3), z.literal(4)]).optional(),
    /** Conditional orders (ours): the price watched, CoTriggerPriceType; absent is 1, the last trade price. */
    triggerPriceType: z.union([z.literal(1), z.literal(2)]).optional(),
    /** Trailing stops: the retrace that fires it, a fraction from 0.001 (0.1%) to 0.05 (5%). */
    callbackRate: decimal.optional(),
    /** Trailing stops: the price from which it starts following (absent: at once, from the price now). */
    activationPrice: decimal.nullish(),
  }),
  reply: z.object({ orderId: z.string() }).passthrough(),
});

/**
 * order/order_cancel: one order, or every open order of the contract when `orderId` is absent; with
 * `isConditionOrder` true, active conditional orders instead.
 */
export const coOrderCancel = defineCall({
  name: 'order/order_cancel',
  host: 'co',
  access: 'login',
  writes: true,
  request: z.object({
    contractId: idField,
    orderId: z.union([z.string(), z.number()]).transform(String).optional(),
    isConditionOrder: z.boolean().optional(),
  }),
  reply: z.object({}).passthrough(),
});

export const coOrderItem = z.object({
  id: z.string(),
  contractId: z.number(),
  contractName: z.string(),
  symbol: z.string(),
  side: z.enum(['BUY', 'SELL']),
  open: z.enum(['OPEN', 'CLOSE']),
  /** 1-7, CoOrderType. */
  type: z.number(),
  /** '0' for a market order. */
  price: z.string(),
  volume: z.string(),
  dealVolume: z.string(),
  avgPrice: z.string(),
  pricePrecision: z.number(),
  /** Margin and fees the order holds. */
  orderBalance: z.string(),
  status: z.number(),
  /** Why it was cancelled (CoCancelMemo), 0 otherwise. */
  memo: z.number(),
  realizedAmount: z.string(),
  tradeFee: z.string(),
  /** A forced (liquidation) order's text, lines split by \n; empty otherwise. */
  liqPositionMsg: z.string(),
  positionType: z.number(),
  leverageLevel: z.number(),
  ctime: z.number(),
  mtime: z.number(),
});

export const listRequest = z.object({
  contractId: idField.optional(),
  /** Order-centre filter: '' every type, else CoOrderType (1 limit, 2 market, 3 IOC, 4 FOK, 5 post-only). */
  type: z.union([z.literal(''), z.coerce.number().int().min(1).max(7)]).optional(),
  side: z.enum(['BUY', 'SELL', '']).optional(),
  /** Order-centre filter by contract family (the contract's coType): E real, S simulated, H hybrid; '' every one. */
  coType: z.enum(['E', 'S', 'H', '']).optional(),
  page: pageField,
  limit: positiveInt(100).default(20),
});

/** order/current_order_list: the caller's open orders, newest first. */
export const coCurrentOrderList = defineCall({
  name: 'order/current_order_list',
  host: 'co',
  access: 'login',
  request: listRequest,
  reply: z.object({ orderList: z.array(coOrderItem), count: z.number() }),
});

/** order/history_order_list: ended orders (filled, cancelled), newest first, within [beginTime, endTime]. */
export const coHistoryOrderList = defineCall({
  name: 'order/history_order_list',
  host: 'co',
  access: 'login',
  request: listRequest.extend({ beginTime: timeFilterField, endTime: timeFilterField }),
  reply: z.object({ orderList: z.array(coOrderItem), count: z.number() }),
});

export const coTradeItem = z.object({
  id: z.string(),
  orderId: z.string(),
  contractId: z.number(),
  contractName: z.string(),
  symbol: z.string(),
  side: z.enum(['BUY', 'SELL']),
  open: z.enum(['OPEN', 'CLOSE']),
  price: z.string(),
  volume: z.string(),
  /** 'maker' or 'taker'. */
  role: z.string(),
  fee: z.string(),
  feeCoin: z.string(),
  feeCoinPrecision: z.number(),
  pricePrecision: z.number(),
  /** PnL the fill realized (closing fills), in the margin coin. */
  realizedAmount: z.string(),
  ctime: z.number(),
});

/** order/his_trade_list: the caller's fills, newest first, within [beginTime, endTime]. */
export const coHisTradeList = defineCall({
  name: 'order/his_trade_list',
  host: 'co',
  access: 'login',
  request: listRequest.extend({ beginTime: timeFilterField, endTime: timeFilterField }),
  reply: z.object({ tradeHisList: z.array(coTradeItem), count: z.number() }),
});

/** order/get_trade_info: the caller's latest fills in one contract (the trade page's "my trades"). */
export const coGetTradeInfo = defineCall({
  name: 'order/get_trade_info',
  host: 'co',
  access: 'login',
  request: z.object({ contractId: idField }),
  reply: z.object({ tradeList: z.array(coTradeItem) }),
});

/** order/get_user_order_count: the tab badges. */
export const coUserOrderCount = defineCall({
  name: 'order/get_user_order_count',
  host: 'co',
  access: 'login',
  request: z.object({ contractId: idField.optional() }),
  reply: z.object({ orderCount: z.number(), triggerOrderCount: z.number() }),
});
