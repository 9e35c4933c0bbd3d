import { z } from 'zod';
import { defineCall } from '../call.ts';
import { idField, pageField, pageSizeField } from './paging.ts';

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
