import { defineCall } from '@opex/contract/call';
import { z } from 'zod';

/**
 * The futures market reads another branch is serving (futures-marks): not in the contract package yet, so declared
 * here with the names and fields of contract-notes-products.md §1.1. When that branch lands its contract, these two
 * definitions go and the imports point at it; until then a page reading them shows its empty state.
 */
export const coPublicMarketInfo = defineCall({
  name: 'common/public_market_info',
  host: 'co',
  request: z.object({ contractId: z.number() }),
  /** Mark (tagPrice) and index prices; funding rates as fractions. */
  reply: z.object({
    tagPrice: z.string(),
    indexPrice: z.string(),
    currentFundRate: z.string(),
    nextFundRate: z.string(),
  }),
});

export const coFundingRateList = defineCall({
  name: 'common/funding_rate_list',
  host: 'co',
  request: z.object({ contractId: z.number(), page: z.number(), limit: z.number() }),
  reply: z.object({
    historyList: z.array(z.object({ id: z.number(), ctime: z.number(), contractName: z.string(), amount: z.string() })),
    count: z.number(),
  }),
});
