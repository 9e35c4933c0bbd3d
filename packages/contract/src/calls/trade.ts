import { z } from 'zod';
import { defineCall } from '../call.ts';
import { idField, pageField, pageSizeField, timeFilterField } from './paging.ts';

/**
 * The logged-in user's spot trades (the spec's trade/* calls). Amounts are exact decimal strings. A trade's fee is
 * taken from what its side received: a buyer pays in the base coin, a seller in the quote coin.
 */
export const tradeItem = z.object({
  ctime: z.number(),
  /** The trade price. */
  price: z.string(),
  /** Base quantity. */
  volume: z.string(),
  /** Turnover in the quote coin: price × volume. */
  deal_price: z.string(),
  fee: z.string(),
  feeCoin: z.string(),
});

/** The trades of one of the user's orders, oldest first. */
export const tradeListByOrder = defineCall({
  name: 'trade/list_by_order',
  access: 'login',
  request: z.object({ order_id: idField, pageSize: pageSizeField }),
  reply: z.object({ count: z.number(), tradeList: z.array(tradeItem) }),
});

export const userTradeItem = tradeItem.extend({
  id: z.number(),
  order_id: z.number(),
  symbol: z.string(),
  side: z.enum(['BUY', 'SELL']),
  /** 'maker' or 'taker'. */
  role: z.enum(['maker', 'taker']),
});

const symbol = z
  .string()
  .max(40)
  .transform((s) => s.toLowerCase())
  .pipe(z.string().regex(/^[a-z0-9]{2,40}$/));

/** The user's trades, newest first, optionally for one market and from/to epoch milliseconds. */
export const tradeList = defineCall({
  name: 'trade/list',
  access: 'login',
  request: z.object({
    symbol: symbol.optional(),
    page: pageField,
    pageSize: pageSizeField,
    startTime: timeFilterField.optional(),
    endTime: timeFilterField.optional(),
  }),
  reply: z.object({ count: z.number(), tradeList: z.array(userTradeItem) }),
});

/**
 * A CSV download of the user's trades (at most 100,000, newest first). Not an envelope: the reply body is the CSV
 * (text/csv with a Content-Disposition attachment); refusals (no session, bad input) still answer the envelope.
 */
export const tradeExport = defineCall({
  name: 'trade/export',
  method: 'GET',
  access: 'login',
  request: z.object({
    symbol: symbol.optional(),
    startTime: timeFilterField.optional(),
    endTime: timeFilterField.optional(),
  }),
  reply: z.string(),
});
