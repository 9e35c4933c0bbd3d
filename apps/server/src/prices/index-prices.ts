import Big from 'big.js';

/**
 * The index prices' rule, pure (the price index in price-index.ts reads the books and calls it): every coin's price
 * in US dollars, from our own books. A few coins are anchored by the operator (a stablecoin pegged 1:1, an
 * operator-priced coin); every other coin is priced through its markets, growing out from the anchors along the most
 * liquid route (see `priceCoins`).
 *
 * Outlier clipping, per market (`clippedPrice`): the last trade is held inside the book's best bid and ask (the
 * median of the three), so one trade far from where the book stands moves no index; a market that never traded
 * counts at its mid; a market with neither a trade nor a two-sided book prices nothing.
 */
export interface MarketSnapshot {
  symbol: string;
  base: string;
  quote: string;
  /** Last trade price, best bid and best ask; null when absent. */
  last: Big | null;
  bid: Big | null;
  ask: Big | null;
  /** 24 h turnover in the quote coin and volume in the base coin. */
  quoteTurnover: Big;
  baseVolume: Big;
  /** The operator's market order, for ties. */
  sort: number;
}

export interface IndexPrice {
  usd: Big;
  /** 'anchor', or the symbol of the market the coin was priced through. */
  via: string;
}

/** Digits kept of a price that a division made (an inverted market or a fiat's rate); truncated. */
export const INDEX_DIGITS = 18;

/**
 * A market's price with outliers clipped: the last trade held inside the book's best bid and ask (the median of the
 * three), so a trade far from where the book stands moves nothing; the mid when the market never traded; null when
 * it has neither a trade nor a two-sided book.
 */
export function clippedPrice(m: Pick<MarketSnapshot, 'last' | 'bid' | 'ask'>): Big | null {
  const { last, bid, ask } = m;
  if (!last) return bid && ask ? bid.plus(ask).div(2) : null;
  if (bid && last.lt(bid)) return bid;
  if (ask && last.gt(ask)) return ask;
  return last;
}

interface Candidate {
  market: MarketSnapshot;
  price: Big;
  /** The coin this market prices, and whether it is the market's base. */
  coin: string;
  isBase: boolean;
  turnoverUsd: Big;
}

/**
 * Prices every coin reachable from the anchors. Like Prim's maximum spanning tree: at each step, of the markets
 * between a priced and an unpriced coin, the one with the highest 24 h turnover (in US dollars, valued from its
 * priced side) prices the other coin. So a coin is valued along the route whose thinnest market is the most liquid:
 * through its own most liquid market unless the coin beyond that is priced only through thinner ones. Ties (and
 * markets that never traded, turnover 0) go to a market that has traded, then to one where the coin is the base,
 * then to the operator's market order.
 */
export function priceCoins(markets: readonly MarketSnapshot[], anchorsUsd: ReadonlyMap<string, Big>) {
  const prices = new Map<string, IndexPrice>();
  for (const [coin, usd] of anchorsUsd) prices.set(coin, { usd, via: 'anchor' });
  const priced = markets.flatMap((market) => {
    const price = clippedPrice(market);
    return price?.gt(0) ? [{ market, price }] : [];
  });
  for (;;) {
    let best: Candidate | null = null;
    for (const { market, price } of priced) {
      const base = prices.get(market.base);
      const quote = prices.get(market.quote);
      if (!base === !quote) continue;
      const candidate: Candidate = quote
        ? { market, price, coin: market.base, isBase: true, turnoverUsd: market.quoteTurnover.times(quote.usd) }
        : { market, price, coin: market.quote, isBase: false, turnoverUsd: market.baseVolume.times(base?.usd ?? 0) };
      if (!best || better(candidate, best)) best = candidate;
    }
    if (!best) return prices;
    const { market, price } = best;
    const usd = best.isBase
      ? price.times(prices.get(market.quote)?.usd ?? 0)
      : (prices.get(market.base)?.usd ?? new Big(0)).div(price);
    prices.set(best.coin, { usd: usd.round(INDEX_DIGITS, Big.roundDown), via: market.symbol });
  }
}

function better(a: Candidate, b: Candidate): boolean {
  const byTurnover = a.turnoverUsd.cmp(b.turnoverUsd);
  if (byTurnover !== 0) return byTurnover > 0;
  if (!a.market.last !== !b.market.last) return a.market.last !== null;
  if (a.isBase !== b.isBase) return a.isBase;
  if (a.market.sort !== b.market.sort) return a.market.sort < b.market.sort;
  return a.market.symbol < b.market.symbol;
}
