import type Big from 'big.js';
import { type IndexPriceTable, priceInCoin } from './index-price-table.ts';

/**
 * The seam where a product supplies its mark price: the price its positions are valued and liquidated at. Futures
 * will bring theirs (the index plus a basis held in bounds); spot has no positions and marks at the index.
 */
export interface MarkPriceRule {
  /** The market's mark price in its quote coin, or null while its coins have no index price. */
  markPrice(market: { symbol: string; base: string; quote: string }, index: IndexPriceTable): Big | null;
}

export const spotMarkPrice: MarkPriceRule = {
  markPrice: (market, index) => priceInCoin(index, market.base, market.quote),
};
