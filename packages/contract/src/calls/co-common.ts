import { z } from 'zod';
import { defineCall } from '../call.ts';
import { idField, pageField, pageSizeField, timeFilterField } from './paging.ts';

/**
 * The futures (co host) catalogue calls of contract-notes-products.md §1.1, served under /fe-co-api/. Only listed
 * and halted contracts are served; a delisted one is absent (an id naming it is notFound). Amounts, rates and the
 * multiplier are exact decimal strings; rates are fractions ('0.004' is 0.4%).
 */

/** A contract's id as the pages send it: a number or a digit string. */
const contractId = idField;

/** A contract as `contractList` gives it, field for field as the original's pages read it. */
export const contractItem = z.object({
  id: z.number(),
  /** `{contractType}-{base}-{quote}`: E-BTC-USDT. */
  contractName: z.string(),
  /** `{base}-{quote}`: BTC-USDT. */
  symbol: z.string(),
  /** E perpetual, W weekly, N next week, M monthly, Q quarterly, S simulated, H hybrid. */
  contractType: z.string(),
  /** The order centre's family: S simulated, H hybrid, E every real contract (perpetual or dated). */
  coType: z.string(),
  /** 1 linear (margined in the quote coin), 0 inverse (margined in the base coin). */
  contractSide: z.number(),
  /** 0 perpetual, 1 week, 2 next week, 3 month, 4 quarter. */
  deliveryKind: z.number(),
  base: z.string(),
  quote: z.string(),
  marginCoin: z.string(),
  /** One contract's face value in multiplierCoin; its decimals are the base-coin quantity's. */
  multiplier: z.string(),
  multiplierCoin: z.string(),
  marginRate: z.number(),
  sort: z.number(),
  /** The hour of day (UTC) of the first funding, and the hours between fundings. */
  capitalStartTime: z.number(),
  capitalFrequency: z.number(),
  /** Ours: the fee rates (fractions). An opening order holds the taker fee besides its margin. */
  makerFee: z.string(),
  takerFee: z.string(),
  coinResultVo: z.object({
    symbolPricePrecision: z.number(),
    marginCoinPrecision: z.number(),
    /** 1 while transfers into (out of) this contract's account are allowed. */
    fundsInStatus: z.number(),
    fundsOutStatus: z.number(),
    /** How far (a fraction) a limit price may stray from the mark price. */
    priceRange: z.string(),
    /** A market order's value bounds, in the quote coin. */
    maxMarketMoney: z.string(),
    minOrderMoney: z.string(),
    /** Whole contracts. */
    maxLimitVolume: z.string(),
    minOrderVolume: z.string(),
    /** The order book's merge steps as decimal places, most first: ["2","1","0"]. */
    depth: z.array(z.string()),
  }),
});

/**
 * The futures catalogue: the served contracts in sort order, their margin coins (each once), the realtime socket's
 * address (public_info_v4's wsUrl) and the server's clock, from which the page keeps its offset for countdowns.
 */
export const coPublicInfo = defineCall({
  name: 'common/public_info',
  host: 'co',
  request: z.object({}),
  reply: z.object({
    contractList: z.array(contractItem),
    marginCoinList: z.array(z.string()),
    wsUrl: z.string(),
    currentTimeMillis: z.number(),
  }),
});

/**
 * A contract's leverage brackets (the doubled `ladderList` is the original's shape). Position values are in the
 * margin coin; minMarginRate is the bracket's maintenance margin rate. Ours beyond the original: each bracket's
 * maxLever and maintenanceAmount (maintenance margin = value x minMarginRate - maintenanceAmount). leverCeiling maps
 * each bracket's maximum leverage to the most a position may be worth at it: at a chosen leverage L, the entry with
 * the least key >= L applies. A contract without brackets yet has an empty ladder and maxLever 1.
 */
export const ladderItem = z.object({
  minPositionValue: z.string(),
  maxPositionValue: z.string(),
  minMarginRate: z.string(),
  maxLever: z.number(),
  maintenanceAmount: z.string(),
});

export const getLadderInfo = defineCall({
  name: 'common/get_ladder_info',
  host: 'co',
  request: z.object({ contractId }),
  reply: z.object({
    ladderList: z.object({ ladderList: z.array(ladderItem) }),
    leverList: z.object({ minLever: z.number(), maxLever: z.number() }),
    leverCeiling: z.record(z.string(), z.string()),
  }),
});

/**
 * What a contract's index price is read from: our own spot markets (name BTC/USDT), each weight 1 -- the index
 * multiplies along a route of markets to the operator's anchor, it does not average sources. Empty while the
 * contract's coins have no index price, and when the operator prices both directly (no market is read).
 */
export const indexPriceWeightList = defineCall({
  name: 'common/index_price_weight_list',
  host: 'co',
  request: z.object({ contractId, page: pageField, limit: pageSizeField }),
  reply: z.object({
    records: z.array(z.object({ id: z.number(), name: z.string(), weightRate: z.string() })),
  }),
});

/**
 * A contract's index price, mark ("tag") price and funding rates now. Prices are decimal strings at the contract's
 * price precision, truncated ('' while its coins have no index price); rates are fractions ('0.0001' is 0.01%).
 * currentFundRate is the rate of the last settled funding, nextFundRate the running interval's rate predicted from
 * its premium samples so far; a dated contract, which has no funding, has '0' for both, and so has a perpetual
 * before its first funding (current).
 */
export const publicMarketInfo = defineCall({
  name: 'common/public_market_info',
  host: 'co',
  request: z.object({ contractId }),
  reply: z.object({
    tagPrice: z.string(),
    indexPrice: z.string(),
    currentFundRate: z.string(),
    nextFundRate: z.string(),
  }),
});

/** How many one-minute bars a price K-line page holds. */
export const PRICE_KLINE_PAGE = 300;

const priceKlineRequest = z.object({
  contractId,
  /** Bars that opened before this moment (ms): the page before the oldest bar shown. Absent: the newest bars. */
  beginTime: timeFilterField.optional(),
});
const priceKlineReply = z.object({
  /** One-minute bars, newest first; mtime is the minute's start (ms); prices at the contract's price precision. */
  records: z.array(
    z.object({ mtime: z.number(), open: z.string(), high: z.string(), low: z.string(), close: z.string() }),
  ),
});

/** The contract's index price as one-minute bars, PRICE_KLINE_PAGE at a time. */
export const indexPriceKline = defineCall({
  name: 'common/index_price_kline',
  host: 'co',
  request: priceKlineRequest,
  reply: priceKlineReply,
});

/** The contract's mark price as one-minute bars, PRICE_KLINE_PAGE at a time. */
export const tagPriceKline = defineCall({
  name: 'common/tag_price_kline',
  host: 'co',
  request: priceKlineRequest,
  reply: priceKlineReply,
});

/**
 * A perpetual contract's settled funding rates (amount, a fraction; ctime the funding moment, ms), newest first and
 * paged; brokenLineList is the same page oldest first, as the chart draws it; count is every settled funding.
 */
export const fundingRateList = defineCall({
  name: 'common/funding_rate_list',
  host: 'co',
  request: z.object({ contractId, page: pageField, limit: pageSizeField }),
  reply: z.object({
    historyList: z.array(z.object({ id: z.number(), ctime: z.number(), contractName: z.string(), amount: z.string() })),
    brokenLineList: z.array(z.object({ ctime: z.number(), amount: z.string() })),
    count: z.number(),
  }),
});

/** common/get_risk_account: the futures insurance fund of one margin coin now (exact decimal). */
export const getRiskAccount = defineCall({
  name: 'common/get_risk_account',
  host: 'co',
  request: z.object({
    coinSymbol: z
      .string()
      .trim()
      .toUpperCase()
      .pipe(z.string().regex(/^[A-Z0-9]{1,20}$/, 'a coin symbol')),
  }),
  reply: z.object({ amount: z.string() }),
});

/**
 * common/risk_balance_list: the insurance fund's movements in one margin coin, newest first and paged: `type` 1 is
 * money the fund took (liquidation clearance, funding leftovers, the operator's injections), 2 money it paid (losses
 * beyond a position's margin, funding a payer could not cover); brokenLineList is the fund's balance at the end of
 * each day it moved (the time of that day's last movement), oldest first, the last 365 such days whatever the page,
 * as the chart draws it; hisCount counts every movement.
 */
export const riskBalanceList = defineCall({
  name: 'common/risk_balance_list',
  host: 'co',
  request: z.object({
    symbol: z
      .string()
      .trim()
      .toUpperCase()
      .pipe(z.string().regex(/^[A-Z0-9]{1,20}$/, 'a coin symbol')),
    page: pageField,
    limit: pageSizeField,
  }),
  reply: z.object({
    historyList: z.array(z.object({ id: z.number(), ctime: z.number(), type: z.number(), hisAmount: z.string() })),
    brokenLineList: z.array(z.object({ ctime: z.number(), amount: z.string() })),
    hisCount: z.number(),
  }),
});
