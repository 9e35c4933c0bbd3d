import { z } from 'zod';
import { defineCall } from '../call.ts';
import { decimal, listRequest } from './co-order.ts';
import { idField, timeFilterField } from './paging.ts';

/**
 * Futures conditional (trigger) orders on the co host (contract-notes-products.md §1.3): held off the book until the
 * watched price reaches the trigger, then placed as a limit or market order with the settings the user had when
 * creating it. Created by order/order_create with `isConditionOrder` true, or as a position's take-profit and
 * stop-loss by order/order_tpsl_create.
 */

/** 1 stop-loss and 2 take-profit (the original's), 3 a plain conditional order and 4 a trailing stop (ours). */
export const CoTriggerType = { stopLoss: 1, takeProfit: 2, conditional: 3, trailingStop: 4 } as const;

/** The price a trigger watches: 1 the last trade price, 2 the mark price. */
export const CoTriggerPriceType = { last: 1, mark: 2 } as const;

/** Trigger status (§1.3). */
export const CoTriggerStatus = { active: 0, expired: 1, done: 2, failed: 3, cancelled: 4 } as const;

/**
 * Why a trigger ended other than by firing (§1.3): 1 the user cancelled it, 2 it expired, 3 failed for margin,
 * 4 failed or cancelled: not enough closable (its position is gone), 5 its position was liquidated, 6 the contract
 * is suspended; 7 (ours) the order was refused for another reason, named by `errorCode`.
 */
export const CoTriggerMemo = {
  userCancelled: 1,
  expired: 2,
  margin: 3,
  notClosable: 4,
  liquidated: 5,
  suspended: 6,
  refused: 7,
} as const;

export const coTrigOrderItem = z.object({
  id: z.string(),
  contractId: z.number(),
  contractName: z.string(),
  symbol: z.string(),
  side: z.enum(['BUY', 'SELL']),
  open: z.enum(['OPEN', 'CLOSE']),
  /** 1 limit, 2 market: the order placed when it fires. */
  type: z.number(),
  /** CoTriggerType. */
  triggerType: z.number(),
  /** CoTriggerPriceType. */
  triggerPriceType: z.number(),
  /** Days it lives (the user's expireTime when it was created, or the TP/SL form's expiredTime). */
  timeInForce: z.number(),
  /** A trailing stop's: the stop price now (best price since activation less the callback), '0' before activation. */
  triggerPrice: z.string(),
  /** '0' for a market order. */
  price: z.string(),
  volume: z.string(),
  pricePrecision: z.number(),
  /** CoTriggerStatus. */
  status: z.number(),
  /** CoTriggerMemo; 0 while active or done. */
  memo: z.number(),
  /** The refusal's error code when it failed; '' otherwise. */
  errorCode: z.string(),
  /** The order it placed when it fired; '' before. */
  orderId: z.string(),
  /** Trailing stops: the callback (fraction), the activation price and the best price since activation ('0': none). */
  callbackRate: z.string(),
  activationPrice: z.string(),
  extremePrice: z.string(),
  positionType: z.number(),
  leverageLevel: z.number(),
  ctime: z.number(),
  /** When it fired, expired, failed or was cancelled; while active, when it last changed (a trailing stop's best price). */
  mtime: z.number(),
  /** When it expires, epoch ms. */
  expireTime: z.number(),
});

/** order/trigger_order_list: the caller's active conditional orders, newest first. */
export const coTriggerOrderList = defineCall({
  name: 'order/trigger_order_list',
  host: 'co',
  access: 'login',
  request: listRequest,
  reply: z.object({ trigOrderList: z.array(coTrigOrderItem), count: z.number() }),
});

/** order/history_trigger_order_list: ended conditional orders, newest first, created within [beginTime, endTime]. */
export const coHistoryTriggerOrderList = defineCall({
  name: 'order/history_trigger_order_list',
  host: 'co',
  access: 'login',
  request: listRequest.extend({ beginTime: timeFilterField, endTime: timeFilterField }),
  reply: z.object({ trigOrderList: z.array(coTrigOrderItem), count: z.number() }),
});

const tpslItem = z.object({ id: z.string(), triggerPrice: z.string(), price: z.string(), volume: z.string() });

/** order/take_profit_stop_loss: the active take-profit and stop-loss orders closing one position. */
export const coTakeProfitStopLoss = defineCall({
  name: 'order/take_profit_stop_loss',
  host: 'co',
  access: 'login',
  request: z.object({
    contractId: idField,
    /** The position's side: BUY long, SELL short. */
    orderSide: z.enum(['BUY', 'SELL']),
  }),
  reply: z.object({
    takeProfitCount: z.number(),
    stopLossCount: z.number(),
    takeProfitList: z.array(tpslItem),
    stopLossList: z.array(tpslItem),
  }),
});

/** One sub-order's answer: code '0' and the trigger's id, or the refusal. */
export const coTpslResult = z.object({ code: z.string(), msg: z.string(), id: z.string() });

/**
 * order/order_tpsl_create: take-profit and stop-loss orders closing the caller's position (`side` is the closing
 * side: SELL for a long). Each sub-order is checked (§1.3): a long's take-profit triggers above the mark price, its
 * stop-loss below the mark and above the liquidation price (a short's reversed); a limit price within the contract's
 * priceRange of its trigger; volume at most the closable volume. All are created or none: on a refusal the reply's
 * code is the first refusal's and data.respList holds each sub-order's answer.
 */
export const coOrderTpslCreate = defineCall({
  name: 'order/order_tpsl_create',
  host: 'co',
  access: 'login',
  writes: true,
  request: z.object({
    contractId: idField,
    positionType: z.union([z.literal(1), z.literal(2)]).optional(),
    leverageLevel: z.number().optional(),
    side: z.enum(['BUY', 'SELL']),
    orderList: z
      .array(
        z.object({
          triggerType: z.union([z.literal(1), z.literal(2)]),
          type: z.union([z.literal(1), z.literal(2)]),
          /** '0' for a market order. */
          price: decimal.optional(),
          volume: decimal,
          triggerPrice: decimal,
          /** Days it lives: 1, 7, 14 or 30 (absent: the user's expireTime setting), for take-profit and stop-loss alike. */
          expiredTime: z.union([z.literal(1), z.literal(7), z.literal(14), z.literal(30)]).optional(),
          /** The price watched (CoTriggerPriceType): absent is 2, the mark price the checks are made against. */
          triggerPriceType: z.union([z.literal(1), z.literal(2)]).optional(),
        }),
      )
      .min(1)
      .max(10),
  }),
  reply: z.object({ respList: z.array(coTpslResult) }),
});

/** order/order_tpsl_cancel: cancels the caller's active take-profit and stop-loss orders named ("id1,id2"). */
export const coOrderTpslCancel = defineCall({
  name: 'order/order_tpsl_cancel',
  host: 'co',
  access: 'login',
  writes: true,
  request: z.object({
    contractId: idField,
    orderIds: z
      .union([z.string(), z.number()])
      .transform(String)
      .refine((v) => /^\d+(,\d+)*$/.test(v), 'ids separated by commas'),
  }),
  reply: z.object({}).passthrough(),
});
