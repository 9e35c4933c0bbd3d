import { z } from 'zod';
import { defineCall } from '../call.ts';
import { positiveAmountField as amount, coinField as coin } from './money-fields.ts';
import { orderListItem } from './order.ts';
import { idField, pageField, pageSizeField, positiveInt, timeFilterField } from './paging.ts';
import { tradeItem, userTradeItem } from './trade.ts';

/**
 * Isolated margin per pair (the spec's lever/* calls, contract-notes-products.md §2). Each pair open for margin
 * (`is_open_lever`, with its maximum leverage `multiple`) has, per user, its own account holding the pair's two
 * coins, its loans and their interest. Amounts are exact decimal strings.
 *
 * Symbol spellings differ as the original's did: order calls take lower case `btcusdt`, finance calls upper case
 * `BTCUSDT`, and `leverMap` is keyed `BTC/USDT`. Every call accepts any case (and `BTC/USDT` or `BTC_USDT`).
 */

/** A pair's symbol in any of the original's spellings, as the lower-case market symbol `btcusdt`. */
const symbol = z
  .string()
  .max(40)
  .transform((s) => s.replace(/[/_-]/g, '').toLowerCase())
  .pipe(z.string().regex(/^[a-z0-9]{2,40}$/, 'a pair such as BTCUSDT'));

const decimal = z
  .union([z.string().max(40), z.number().nonnegative()])
  .transform((v) => (typeof v === 'number' ? String(v) : v.trim()))
  .pipe(z.string().regex(/^\d{1,20}(\.\d{1,20})?$/, 'a positive decimal number'));

/** The original's account numbers in a margin transfer: "1" the exchange (spot) account, "2" the pair's margin account. */
const transferAccount = z
  .union([z.literal('1'), z.literal('2'), z.literal(1), z.literal(2)])
  .transform((v) => String(v) as '1' | '2');

// ---------------------------------------------------------------------------------------------------------------
// Orders: the spot order calls on the pair's margin account.

/**
 * A margin order: as order/create (1 limit, 2 market; a market buy's volume is the quote amount to spend), on the
 * pair's margin account. `autoBorrow` 1 borrows what the order needs beyond the account's available balance (within
 * what may be borrowed) before it is placed; `autoRepay` 1 repays the pair's loans of the coin the order receives
 * from its proceeds as it fills (Binance's AUTO_BORROW_REPAY).
 */
export const leverOrderCreate = defineCall({
  name: 'lever/order/create',
  access: 'login',
  writes: true,
  request: z
    .object({
      side: z.enum(['BUY', 'SELL']),
      type: z.union([z.literal(1), z.literal(2), z.literal('1'), z.literal('2')]).transform((t) => Number(t) as 1 | 2),
      price: decimal.optional(),
      volume: decimal,
      symbol,
      clientOrderId: z
        .string()
        .max(36)
        .regex(/^[\w-]{1,36}$/, 'letters, digits, _ or -')
        .optional(),
      autoBorrow: z.union([z.literal(0), z.literal(1), z.literal('0'), z.literal('1')]).optional(),
      autoRepay: z.union([z.literal(0), z.literal(1), z.literal('0'), z.literal('1')]).optional(),
    })
    .refine((o) => o.type === 2 || o.price !== undefined, { message: 'a limit order needs a price', path: ['price'] }),
  reply: z.object({ order_id: z.number() }),
});

export const leverOrderCancel = defineCall({
  name: 'lever/order/cancel',
  access: 'login',
  writes: true,
  request: z.object({ orderId: idField, symbol }),
  reply: z.object({ order_id: z.number(), status: z.number() }),
});

const leverListRequest = z.object({
  symbol: symbol.optional(),
  pageSize: pageSizeField,
  page: pageField,
  /** '' all, BUY or SELL (the order centre's filter). */
  side: z.enum(['', 'BUY', 'SELL']).optional(),
  startTime: timeFilterField.optional(),
  endTime: timeFilterField.optional(),
});
const leverListReply = z.object({ count: z.number(), orderList: z.array(orderListItem) });

/** The margin account's open orders (of one pair, or of every pair), newest first. */
export const leverOrderListNew = defineCall({
  name: 'lever/order/list/new',
  access: 'login',
  request: leverListRequest,
  reply: leverListReply,
});

/** Finished margin orders, newest first; `isShowCanceled` 0 leaves out orders cancelled with nothing filled. */
export const leverOrderHistory = defineCall({
  name: 'lever/order/history',
  access: 'login',
  request: leverListRequest.extend({
    isShowCanceled: z
      .union([z.literal(0), z.literal(1), z.literal('0'), z.literal('1')])
      .transform(Number)
      .optional(),
  }),
  reply: leverListReply,
});

/** The trades of one margin order, oldest first. */
export const leverTradeListByOrder = defineCall({
  name: 'lever/trade/list_by_order',
  access: 'login',
  request: z.object({ symbol: symbol.optional(), order_id: idField, pageSize: pageSizeField }),
  reply: z.object({ count: z.number(), trade_list: z.array(tradeItem) }),
});

/** The user's margin trades, newest first (the original marked this call obsolete; served for its clients). */
export const leverTradeList = defineCall({
  name: 'lever/trade/list',
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
 * order/entrust_search: the order collection view (`public_info.open_order_collect`): `entrust` 1 open, 2 history;
 * `orderType` 1 spot, 2 margin.
 */
export const orderEntrustSearch = defineCall({
  name: 'order/entrust_search',
  access: 'login',
  request: leverListRequest.extend({
    entrust: z.union([z.literal(1), z.literal(2), z.literal('1'), z.literal('2')]).transform(Number),
    orderType: z
      .union([z.literal(1), z.literal(2), z.literal('1'), z.literal('2')])
      .transform(Number)
      .default(2),
  }),
  reply: z.object({ count: z.number(), orders: z.array(orderListItem.extend({ symbol: z.string() })) }),
});

// ---------------------------------------------------------------------------------------------------------------
// The pair's margin account.

/**
 * One pair's margin account. Per coin (prefix `base` or `quote`): TotalBalance = Normal + Lock; NormalBalance
 * available; LockBalance held by open orders; BorrowBalance the principal owed; Interest the interest owed (rounded
 * up to the coin's unit, what repaying all takes beyond the principal); TotalBorrow = BorrowBalance + Interest;
 * CanBorrow what may be borrowed now; MinBorrow the smallest loan; ReturnPrecision the coin's decimals; CanTransfer
 * what may move out to the exchange account now. `baseExNormalBalance` / `quoteExNormalBalance` are the exchange
 * account's available balances (also sent as `quoteEXNormalBalance`, the casing the original's page read).
 * `riskRate`: assets / debt at the index price, in percent with two decimals ('' when nothing is owed);
 * `burstPrice`: the index price at which the risk rate reaches the liquidation line ('' when none).
 */
const coinSide = (p: 'base' | 'quote') =>
  z.object({
    [`${p}TotalBalance`]: z.string(),
    [`${p}NormalBalance`]: z.string(),
    [`${p}LockBalance`]: z.string(),
    [`${p}BorrowBalance`]: z.string(),
    [`${p}Interest`]: z.string(),
    [`${p}TotalBorrow`]: z.string(),
    [`${p}CanBorrow`]: z.string(),
    [`${p}MinBorrow`]: z.string(),
    [`${p}ReturnPrecision`]: z.number(),
    [`${p}CanTransfer`]: z.string(),
    /** The coin's daily interest rate, as a fraction (0.0002 = 0.02% a day). */
    [`${p}InterestRate`]: z.string(),
  }) as z.ZodObject<Record<string, z.ZodString | z.ZodNumber>>;

export const leverPair = z
  .object({
    name: z.string(),
    symbol: z.string(),
    baseCoin: z.string(),
    quoteCoin: z.string(),
    baseExNormalBalance: z.string(),
    quoteExNormalBalance: z.string(),
    quoteEXNormalBalance: z.string(),
    /** The index price of the base coin in the quote coin ('' when there is none). */
    indexPrice: z.string(),
    riskRate: z.string(),
    burstPrice: z.string(),
    /** The pair's maximum leverage. */
    multiple: z.number(),
    /** The risk lines in percent: warning, no transfer out below, liquidation. */
    warnRate: z.string(),
    transferRate: z.string(),
    liquidationRate: z.string(),
    /** The account's net value (assets - debt) in the quote coin at the index price. */
    netAssets: z.string(),
  })
  .merge(coinSide('base'))
  .merge(coinSide('quote'));
export type LeverPair = z.output<typeof leverPair>;

/** Every margin pair of the user (including empty ones), and their total net value in `totalBalanceSymbol`. */
export const leverFinanceBalance = defineCall({
  name: 'lever/finance/balance',
  access: 'login',
  request: z.object({}).passthrough(),
  reply: z.object({
    totalBalance: z.string(),
    totalBalanceSymbol: z.string(),
    leverMap: z.record(z.string(), leverPair),
  }),
});

export const leverFinanceSymbolBalance = defineCall({
  name: 'lever/finance/symbol/balance',
  access: 'login',
  request: z.object({ symbol }),
  reply: leverPair,
});

/** Borrows `amount` of one of the pair's coins into its margin account: at least MinBorrow, at most CanBorrow. */
export const leverFinanceBorrow = defineCall({
  name: 'lever/finance/borrow',
  access: 'login',
  writes: true,
  request: z.object({ symbol, coin, amount }),
  reply: z.object({ id: z.number() }),
});

/**
 * Repays a loan (by its borrow record's id) from the margin account's available balance: interest first, then
 * principal. Repaying what the loan owes in full (TotalBorrow) leaves nothing owed.
 */
export const leverFinanceReturn = defineCall({
  name: 'lever/finance/return',
  access: 'login',
  writes: true,
  request: z.object({ id: idField, amount }),
  reply: z.object({ interestPaid: z.string(), principalPaid: z.string() }),
});

/**
 * Moves a coin of the pair between the exchange account ("1") and the pair's margin account ("2"). Out of the margin
 * account at most CanTransfer: what leaves the risk rate at or above the transfer line.
 */
export const leverFinanceTransfer = defineCall({
  name: 'lever/finance/transfer',
  access: 'login',
  writes: true,
  request: z
    .object({ fromAccount: transferAccount, toAccount: transferAccount, amount, coinSymbol: coin, symbol })
    .refine((t) => t.fromAccount !== t.toAccount, {
      message: 'one side is the exchange account (1), the other the margin account (2)',
      path: ['toAccount'],
    }),
  reply: z.object({}).passthrough(),
});

export const transferItem = z.object({
  id: z.number(),
  createTime: z.number(),
  symbol: z.string(),
  showName: z.string(),
  coinSymbol: z.string(),
  amount: z.string(),
  /** 1 into the margin account, 2 out of it. */
  transferType: z.number(),
});

export const leverFinanceTransferList = defineCall({
  name: 'lever/finance/transfer/list',
  access: 'login',
  request: z.object({
    pageSize: pageSizeField,
    page: pageField,
    symbol: symbol.optional(),
    transactionType: z
      .union([z.literal(1), z.literal(2), z.literal('1'), z.literal('2'), z.literal('')])
      .transform((v) => (v === '' ? undefined : Number(v)))
      .optional(),
  }),
  reply: z.object({ financeList: z.array(transferItem), count: z.number() }),
});

/**
 * Loan statuses (the original's 1-7 had no labels in its source): 1 open, 2 repaid, 3 repaid by liquidation, 4 closed
 * with a shortfall the margin insurance fund covered.
 */
export const LoanStatus = { open: 1, repaid: 2, liquidated: 3, shortfall: 4 } as const;

export const loanItem = z.object({
  id: z.number(),
  ctime: z.number(),
  symbol: z.string(),
  showName: z.string(),
  coin: z.string(),
  /** The amount first borrowed. */
  borrowMoney: z.string(),
  /** The principal still owed. */
  oweAmount: z.string(),
  /** Interest owed now, rounded up to the coin's unit. */
  oweInterest: z.string(),
  /** Interest paid so far. */
  interest: z.string(),
  /** The daily rate, as a fraction. */
  interestRate: z.string(),
  status: z.number(),
});

const loanListRequest = z.object({ pageSize: pageSizeField, page: pageField, symbol: symbol.optional() });

/** Open loans, newest first. */
export const leverBorrowNew = defineCall({
  name: 'lever/borrow/new',
  access: 'login',
  request: loanListRequest,
  reply: z.object({ financeList: z.array(loanItem), count: z.number() }),
});

/** Closed loans, newest first. */
export const leverBorrowHistory = defineCall({
  name: 'lever/borrow/history',
  access: 'login',
  request: loanListRequest,
  reply: z.object({ financeList: z.array(loanItem), count: z.number() }),
});

/**
 * The repayments of one loan, oldest first. `type`: 1 repaid by the user, 2 repaid from an order's proceeds
 * (auto-repay), 3 repaid by liquidation (4: the insurance fund's share of a liquidation's shortfall).
 */
export const RepaymentType = { manual: 1, autoRepay: 2, liquidation: 3, insurance: 4 } as const;

export const leverReturnInfo = defineCall({
  name: 'lever/return/info',
  access: 'login',
  request: z.object({ id: idField, pageSize: positiveInt(10_000).default(10_000) }),
  reply: z.object({
    financeList: z.array(
      z.object({
        repaymentTime: z.number(),
        coin: z.string(),
        returnMoney: z.string(),
        interestMoney: z.string(),
        principalMoney: z.string(),
        type: z.number(),
      }),
    ),
  }),
});
