import Big from 'big.js';
import { describe, expect, it } from 'vitest';
import { buildIndexTable, indexSources } from './index-price-table.ts';
import type { MarketSnapshot } from './index-prices.ts';

function market(symbol: string, last: string): MarketSnapshot {
  const [base, quote] = symbol.split('/') as [string, string];
  return {
    symbol: `${base}${quote}`.toLowerCase(),
    base,
    quote,
    last: new Big(last),
    bid: null,
    ask: null,
    quoteTurnover: new Big(1),
    baseVolume: new Big(1),
    sort: 1,
  };
}

describe('index sources', () => {
  // USDT is anchored; BTC is priced through BTC/USDT, ETH through ETH/BTC; XRP has no market.
  const snapshots = [market('BTC/USDT', '60000'), market('ETH/BTC', '0.05')];
  const table = buildIndexTable(snapshots, { anchors: [{ coin: 'USDT', fiat: 'usd', price: '1' }], fx: [] });
  const markets = new Map(snapshots.map((m) => [m.symbol, m]));
  const sources = (coin: string, quote: string) => indexSources(table, markets, coin, quote);

  it('name the markets on the way to the anchor, leaving out what both coins share', () => {
    expect(sources('BTC', 'USDT')).toEqual(['btcusdt']);
    expect(sources('ETH', 'USDT')).toEqual(['ethbtc', 'btcusdt']);
    // ETH in BTC is the ETH/BTC book alone: the BTC/USDT leg cancels.
    expect(sources('ETH', 'BTC')).toEqual(['ethbtc']);
    // An inverse contract quoted in dollars reads through the operator's USDT price.
    expect(sources('BTC', 'USD')).toEqual(['btcusdt']);
  });

  it('are empty while a coin has no index price', () => {
    expect(sources('XRP', 'USDT')).toEqual([]);
    expect(sources('BTC', 'XRP')).toEqual([]);
  });
});
