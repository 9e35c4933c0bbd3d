import Big from 'big.js';
import { unitsToBig } from '../core/decimal-units.ts';
import type { TradingCore } from '../core/trading-core.ts';
import type { MarketData } from '../market-data/market-data.ts';
import type { MarketSnapshot } from './index-prices.ts';

/** The open markets the index prices read, as the catalog lists them. */
export interface IndexedMarket {
  symbol: string;
  base: string;
  quote: string;
  sort: number;
}

/** Each market's last trade, best bid and ask from the live books, and its 24 h turnover from market data. */
export function bookSnapshots(
  core: TradingCore,
  marketData: MarketData,
  markets: readonly IndexedMarket[],
): MarketSnapshot[] {
  return markets.flatMap((m) => {
    const spec = core.market(m.symbol);
    const book = core.book(m.symbol);
    if (!spec || !book) return [];
    const top = (side: typeof book.bids) => {
      const level = side.best();
      return level === -1 ? null : unitsToBig(side.price[level] as number, spec.pricePrecision);
    };
    const ticker = marketData.ticker(m.symbol);
    return [
      {
        symbol: m.symbol,
        base: m.base.toUpperCase(),
        quote: m.quote.toUpperCase(),
        last: book.lastPrice > 0 ? unitsToBig(book.lastPrice, spec.pricePrecision) : null,
        bid: top(book.bids),
        ask: top(book.asks),
        quoteTurnover: new Big(ticker?.amount ?? 0),
        baseVolume: new Big(ticker?.vol ?? 0),
        sort: m.sort,
      },
    ];
  });
}
