import { z } from 'zod';
import { defineCall } from '../call.ts';
import type { SpotOrderType } from '../spot-order-terms.ts';
import { idField, pageField, pageSizeField, timeFilterField } from './paging.ts';

/**
 * Spot orders (the spec's order/* calls). Prices and volumes travel as decimal strings (numbers are accepted and
 * read as their shortest decimal form); the server refuses, never rounds, a value with more decimals than the
 * market allows. A market buy's `volume` is the quote amount to spend; a market sell's is the base quantity.
 */

/**
 * Order status codes. 2 and 4 are the original's values (its clients test them); the rest complete the set.
 * - 0 new: accepted, not yet processed by the trading core (never stored: the core processes an order at once);
 * - 1 open: resting on the book, nothing filled;
 * - 2 filled: completely filled (a market order whose unspent rest is less than one lot at the last price too);
 * - 3 partially filled: resting with part of it filled;
 * - 4 cancelled: by the user, or by the exchange (isCloseCancelOrder 1): the unfilled rest of a market order (also
 *   what it could not take within the market's price band), or an order that self-trade prevention expired (every
 *   web order expires, as the taker, where it would trade with the same user's resting order: Binance's
 *   EXPIRE_TAKER); `deal_volume > 0` means partly filled first;
 * - 5 pending cancel: reserved; the core cancels synchronously, so it is never stored today;
 * - 6 rejected: refused by the core (e.g. insufficient balance); stored only for orders with a clientOrderId, so
 *   that a retry answers the same refusal;
 * - 7 expired: reserved for time-limited orders, which spot trading does not offer yet;
 * - 8 waiting for trigger: a stop-limit order off the book, its funds locked, until the last price reaches its
 *   trigger price; then it enters the book as a limit order (1, 2 or 3 from there).
 */
export const OrderStatus = {
  init: 0,
  open: 1,
  filled: 2,
  partiallyFilled: 3,
  cancelled: 4,
  pendingCancel: 5,
  rejected: 6,
  expired: 7,
  waitingTrigger: 8,
} as const;
export type OrderStatusValue = (typeof OrderStatus)[keyof typeof OrderStatus];

/** Statuses of a live order (on the book or waiting for its trigger): the open-orders list shows these. */
export const openOrderStatuses: readonly number[] = [
  OrderStatus.init,
  OrderStatus.open,
  OrderStatus.partiallyFilled,
  OrderStatus.waitingTrigger,
];

/** `order/create`'s types: see spot-order-terms.ts (the futures order_create convention). */
export const OrderType = { limit: 1, market: 2, ioc: 3, fok: 4, postOnly: 5 } as const;

const decimal = z
  .union([z.string().max(40), z.number().nonnegative()])
  .transform((v) => (typeof v === 'number' ? String(v) : v.trim()))
  .pipe(z.string().regex(/^\d{1,20}(\.\d{1,20})?$/, 'a positive decimal number'));

const symbol = z
  .string()
  .max(40)
  .transform((s) => s.toLowerCase())
  .pipe(z.string().regex(/^[a-z0-9]{2,40}$/, 'a market symbol such as btcusdt'));

const orderType = z
  .union([z.literal(1), z.literal(2), z.literal('1'), z.literal('2')])
  .transform((t) => Number(t) as 1 | 2);

const createType = z
  .union([z.number(), z.string()])
  .transform((t) => Number(t))
  .pipe(
    z
      .number()
      .refine((t) => [1, 2, 3, 4, 5].includes(t), { message: '1 limit, 2 market, 3 IOC, 4 FOK or 5 post-only' })
      .transform((t) => t as SpotOrderType),
  );

export const orderCreate = defineCall({
  name: 'order/create',
  access: 'login',
  writes: true,
  request: z
    .object({
      side: z.enum(['BUY', 'SELL']),
      type: createType,
      /** Ignored (may be absent) for market orders. */
      price: decimal.optional(),
      volume: decimal,
      symbol,
      /** Makes a limit order (types 1, 3, 4, 5) a stop-limit order that waits for the last price to reach this. */
      triggerPrice: decimal.optional(),
      /** Makes a retry a no-op that answers as the first attempt did; unique per user. */
      clientOrderId: z
        .string()
        .max(36)
        .regex(/^[\w-]{1,36}$/, 'letters, digits, _ or -')
        .optional(),
    })
    .refine((o) => o.type === 2 || o.price !== undefined, { message: 'a limit order needs a price', path: ['price'] })
    .refine((o) => o.type !== 2 || o.triggerPrice === undefined, {
      message: 'only a limit order takes a trigger price',
      path: ['triggerPrice'],
    }),
  reply: z.object({ order_id: z.number() }),
});

/** Cancels every live order of the caller (in one market when `symbol` is given) as one command of the core. */
export const orderCancelAll = defineCall({
  name: 'order/cancel_all',
  access: 'login',
  writes: true,
  request: z.object({ symbol: symbol.optional() }),
  reply: z.object({ count: z.number() }),
});

export const orderCancel = defineCall({
  name: 'order/cancel',
  access: 'login',
  writes: true,
  request: z.object({ orderId: idField, symbol }),
  reply: z.object({ order_id: z.number(), status: z.number() }),
});

export const orderListItem = z.object({
  id: z.number(),
  side: z.enum(['BUY', 'SELL']),
  side_text: z.string(),
  price: z.string(),
  volume: z.string(),
  deal_volume: z.string(),
  remain_volume: z.string(),
  avg_price: z.string(),
  total_price: z.string(),
  status: z.number(),
  status_text: z.string(),
  time_long: z.number(),
  baseCoin: z.string(),
  countCoin: z.string(),
  type: z.number(),
  /**
   * 1 when the order was cancelled by the exchange (a market order's unfilled rest, or self-trade prevention), else 0.
   */
  isCloseCancelOrder: z.number(),
  clientOrderId: z.string().optional(),
  /** How it was placed: 1 limit, 2 market, 3 IOC, 4 FOK, 5 post-only (the order/create convention). */
  orderType: z.number().optional(),
  /** A stop-limit order's trigger price (status 8 while it waits); absent otherwise. */
  triggerPrice: z.string().optional(),
});

/**
 * Optional filters beyond the original's: one side, one type (1 limit, 2 market), and from/to creation time in epoch
 * milliseconds (inclusive).
 */
const listRequest = z.object({
  symbol: symbol.optional(),
  pageSize: pageSizeField,
  page: pageField,
  side: z.enum(['BUY', 'SELL']).optional(),
  type: orderType.optional(),
  startTime: timeFilterField.optional(),
  endTime: timeFilterField.optional(),
});
const listReply = z.object({ count: z.number(), orderList: z.array(orderListItem) });

/** Open orders (status 0, 1, 3), newest first. */
export const orderListNew = defineCall({
  name: 'order/list/new',
  access: 'login',
  request: listRequest,
  reply: listReply,
});

/** Finished orders (2 filled, 4 cancelled, 6 rejected), newest first. */
export const orderEntrustHistory = defineCall({
  name: 'order/entrust_history',
  access: 'login',
  request: listRequest,
  reply: listReply,
});

/** Every order of the user, newest first. */
export const orderListAll = defineCall({
  name: 'order/list/all',
  access: 'login',
  request: listRequest,
  reply: listReply,
});
