import Big from 'big.js';
import { listMarkets } from '../catalog/markets.ts';
import { listAnchors, listFxRates, US_DOLLAR } from '../catalog/price-anchors.ts';
import { unitsToBig } from '../core/decimal-units.ts';
import type { Services } from '../platform/services.ts';
import { INDEX_DIGITS, type IndexPrice, type MarketSnapshot, priceCoins } from './index-prices.ts';

/**
 * The index prices as every valuation on the server reads them (common/rate, balances in BTC, totals): read from
 * the live books, market data and the operator's anchors at the moment of the call, so two readers of one moment
 * convert alike.
 */
export interface IndexPriceTable {
  /** Coin (upper case) -> its index price; coins without a route to an anchor are absent. */
  readonly prices: ReadonlyMap<string, IndexPrice>;
  /** Fiat (lower case) -> units per US dollar; always has usd. */
  readonly fxPerUsd: ReadonlyMap<string, Big>;
  /** Coin (upper case) -> the operator's price of it in a fiat, which that fiat's valuation shows as set. */
  readonly anchors: ReadonlyMap<string, { fiat: string; price: Big }>;
}

const BTC_DIGITS = 8;

export async function readIndexPrices(services: Services): Promise<IndexPriceTable> {
  const { db } = services.database;
  const [markets, anchors, fx] = await Promise.all([listMarkets(db), listAnchors(db), listFxRates(db)]);
  const fxPerUsd = new Map(fx.map((r) => [r.fiat, new Big(r.per_usd)]));
  fxPerUsd.set(US_DOLLAR, new Big(1));
  const anchored = new Map(anchors.map((a) => [a.coin.toUpperCase(), { fiat: a.fiat, price: new Big(a.price) }]));
  const anchorsUsd = new Map<string, Big>();
  for (const [coin, { fiat, price }] of anchored) {
    const perUsd = fxPerUsd.get(fiat);
    if (perUsd?.gt(0)) anchorsUsd.set(coin, price.div(perUsd).round(INDEX_DIGITS, Big.roundDown));
  }
  const snapshots = markets.filter((m) => m.status === 'open').flatMap((m) => snapshotOf(services, m.symbol, m));
  return { prices: priceCoins(snapshots, anchorsUsd), fxPerUsd, anchors: anchored };
}

function snapshotOf(
  services: Services,
  symbol: string,
  m: { base: string; quote: string; sort: number },
): MarketSnapshot[] {
  const spec = services.core.market(symbol);
  const book = services.core.book(symbol);
  if (!spec || !book) return [];
  const top = (side: typeof book.bids) => {
    const level = side.best();
    return level === -1 ? null : unitsToBig(side.price[level] as number, spec.pricePrecision);
  };
  const ticker = services.marketData.ticker(symbol);
  return [
    {
      symbol,
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
}

/** The coin's price in a fiat, or null when the coin or the fiat's rate is unknown. Full digits; truncate to show. */
export function priceIn(table: IndexPriceTable, coin: string, fiat: string): Big | null {
  const anchor = table.anchors.get(coin.toUpperCase());
  if (anchor?.fiat === fiat.toLowerCase()) return anchor.price;
  const usd = table.prices.get(coin.toUpperCase())?.usd;
  const perUsd = table.fxPerUsd.get(fiat.toLowerCase());
  return usd && perUsd ? usd.times(perUsd).round(INDEX_DIGITS, Big.roundDown) : null;
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
