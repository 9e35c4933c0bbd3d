import Big from 'big.js';
import { US_DOLLAR } from '../catalog/price-anchors.ts';
import { INDEX_DIGITS, type IndexPrice, type MarketSnapshot, priceCoins } from './index-prices.ts';

/**
 * One moment's index prices, as every valuation reads them (common/rate, balances in BTC, margin collateral, futures'
 * mark): each coin in US dollars, and from there in any quote coin or fiat. Built from the books' snapshots and the
 * operator's anchors and exchange rates; immutable, so two readers of one table convert alike.
 */
export interface IndexPriceTable {
  /** Coin (upper case) -> its index price; coins without a route to an anchor are absent. */
  readonly prices: ReadonlyMap<string, IndexPrice>;
  /** Fiat (lower case) -> units per US dollar; always has usd. */
  readonly fxPerUsd: ReadonlyMap<string, Big>;
  /** Coin (upper case) -> the operator's price of it in a fiat, which that fiat's valuation shows as set. */
  readonly anchors: ReadonlyMap<string, { fiat: string; price: Big }>;
}

/** The operator's rows as stored (catalog/price-anchors.ts). */
export interface AnchorRows {
  anchors: readonly { coin: string; fiat: string; price: string }[];
  fx: readonly { fiat: string; per_usd: string }[];
}

const BTC_DIGITS = 8;

export function buildIndexTable(markets: readonly MarketSnapshot[], rows: AnchorRows): IndexPriceTable {
  const fxPerUsd = new Map(rows.fx.map((r) => [r.fiat, new Big(r.per_usd)]));
  fxPerUsd.set(US_DOLLAR, new Big(1));
  const anchors = new Map(rows.anchors.map((a) => [a.coin.toUpperCase(), { fiat: a.fiat, price: new Big(a.price) }]));
  const anchorsUsd = new Map<string, Big>();
  for (const [coin, { fiat, price }] of anchors) {
    const perUsd = fxPerUsd.get(fiat);
    if (perUsd?.gt(0)) anchorsUsd.set(coin, price.div(perUsd).round(INDEX_DIGITS, Big.roundDown));
  }
  return { prices: priceCoins(markets, anchorsUsd), fxPerUsd, anchors };
}

/** The coin's price in a fiat, or null when the coin or the fiat's rate is unknown. Full digits; truncate to show. */
export function priceIn(table: IndexPriceTable, coin: string, fiat: string): Big | null {
  const anchor = table.anchors.get(coin.toUpperCase());
  if (anchor?.fiat === fiat.toLowerCase()) return anchor.price;
  const usd = table.prices.get(coin.toUpperCase())?.usd;
  const perUsd = table.fxPerUsd.get(fiat.toLowerCase());
  return usd && perUsd ? usd.times(perUsd).round(INDEX_DIGITS, Big.roundDown) : null;
}

/** The coin's price in another coin (a market's quote), or null when either has no index price. Full digits. */
export function priceInCoin(table: IndexPriceTable, coin: string, quote: string): Big | null {
  const usd = table.prices.get(coin.toUpperCase())?.usd;
  const quoteUsd = table.prices.get(quote.toUpperCase())?.usd;
  if (!usd || !quoteUsd?.gt(0)) return null;
  return usd.div(quoteUsd).round(INDEX_DIGITS, Big.roundDown);
}

/** An amount of a coin in BTC, truncated to 8 decimals; null when either has no index price. */
export function btcValue(table: IndexPriceTable, coin: string, amount: Big): Big | null {
  const name = coin.toUpperCase();
  if (name === 'BTC' || amount.eq(0)) return amount;
  const usd = table.prices.get(name)?.usd;
  const btcUsd = table.prices.get('BTC')?.usd;
  if (!usd || !btcUsd?.gt(0)) return null;
  return amount.times(usd).div(btcUsd).round(BTC_DIGITS, Big.roundDown);
}

/**
 * The markets a price of `coin` in `quote` is read from: each coin's route of markets to its anchor, less the part
 * both routes share (it cancels in the ratio). Empty while either coin has no index price; a quote of USD is the
 * dollar every index price is in. `markets` maps a market's symbol to its coins.
 */
export function indexSources(
  table: IndexPriceTable,
  markets: ReadonlyMap<string, { base: string; quote: string }>,
  coin: string,
  quote: string,
): string[] {
  const isDollar = quote.toLowerCase() === US_DOLLAR;
  if (!table.prices.has(coin.toUpperCase()) || (!isDollar && !table.prices.has(quote.toUpperCase()))) return [];
  const route = (start: string) => {
    const symbols: string[] = [];
    let current = start.toUpperCase();
    // The routes form a tree grown from the anchors, so each walk ends; the bound only guards a corrupt table.
    while (symbols.length <= markets.size) {
      const via = table.prices.get(current)?.via;
      const market = via === undefined ? undefined : markets.get(via);
      if (!via || !market) break;
      symbols.push(via);
      current = market.base.toUpperCase() === current ? market.quote.toUpperCase() : market.base.toUpperCase();
    }
    return symbols;
  };
  const fromCoin = route(coin);
  const fromQuote = isDollar ? [] : route(quote);
  return [...fromCoin.filter((s) => !fromQuote.includes(s)), ...fromQuote.filter((s) => !fromCoin.includes(s))];
}
