import Big from 'big.js';
import { describe, expect, it } from 'vitest';
import { buildIndexTable, priceIn, priceInCoin } from './index-price-table.ts';
import type { MarketSnapshot } from './index-prices.ts';
import { spotMarkPrice } from './mark-price.ts';

const market = (symbol: string, base: string, quote: string, last: string): MarketSnapshot => ({
  symbol,
  base,
  quote,
  last: new Big(last),
  bid: null,
  ask: null,
  quoteTurnover: new Big(0),
  baseVolume: new Big(0),
  sort: 1,
});

describe('the index table in quotes and fiats, and the spot mark', () => {
  const table = buildIndexTable([market('btcusdt', 'BTC', 'USDT', '20000'), market('ethbtc', 'ETH', 'BTC', '0.05')], {
    anchors: [{ coin: 'USDT', fiat: 'usd', price: '1' }],
    fx: [{ fiat: 'cny', per_usd: '7.2' }],
  });

  it('prices a coin in any quote coin and in any fiat with a rate', () => {
    expect(priceInCoin(table, 'ETH', 'USDT')?.toFixed()).toBe('1000');
    expect(priceInCoin(table, 'usdt', 'btc')?.toFixed()).toBe('0.00005');
    expect(priceIn(table, 'ETH', 'cny')?.toFixed()).toBe('7200');
    expect(priceInCoin(table, 'DOGE', 'USDT')).toBeNull();
    expect(priceIn(table, 'BTC', 'jpy')).toBeNull();
  });

  it("marks a spot market at its base's index in its quote", () => {
    expect(spotMarkPrice.markPrice({ symbol: 'ethbtc', base: 'ETH', quote: 'BTC' }, table)?.toFixed()).toBe('0.05');
    expect(spotMarkPrice.markPrice({ symbol: 'dogeusdt', base: 'DOGE', quote: 'USDT' }, table)).toBeNull();
  });
});
