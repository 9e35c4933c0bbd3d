import type { Ticker } from '@opex/contract/realtime';
import { describe, expect, it } from 'vitest';
import { configuredMarkets, FAVOURITES_TAB, type MarketRow, sortMarkets, visibleMarkets } from './market-rows.ts';

const entry = (symbol: string, sort: number) => ({ symbol, sort }) as never;
const groups = {
  USDT: { 'BTC/USDT': entry('btcusdt', 1), 'ETH/USDT': entry('ethusdt', 2), 'TRX/USDT': entry('trxusdt', 3) },
  BTC: { 'ETH/BTC': entry('ethbtc', 4) },
};
const tick = (close: string, rose = '0'): Ticker =>
  ({ close, rose, high: close, low: close, open: close, vol: '1', amount: close }) as Ticker;

describe('market rows', () => {
  const markets = configuredMarkets(groups);

  it('groups by quote, shows favourites from every group, and searches the pair in any case', () => {
    expect(visibleMarkets(markets, 'USDT', new Set(), '').map((m) => m.name)).toEqual([
      'BTC/USDT',
      'ETH/USDT',
      'TRX/USDT',
    ]);
    expect(visibleMarkets(markets, FAVOURITES_TAB, new Set(['ethbtc', 'trxusdt']), '').map((m) => m.name)).toEqual([
      'TRX/USDT',
      'ETH/BTC',
    ]);
    expect(visibleMarkets(markets, 'USDT', new Set(), ' eth ').map((m) => m.name)).toEqual(['ETH/USDT']);
  });

  it('sorts decimals exactly both ways and keeps unpriced markets last', () => {
    const rows: MarketRow[] = [
      { ...markets[0], ticker: tick('100000.10000001') },
      { ...markets[1], ticker: tick('100000.1') },
      { ...markets[2], ticker: undefined },
    ] as MarketRow[];
    const names = (sort: Parameters<typeof sortMarkets>[1]) => sortMarkets(rows, sort).map((r) => r.symbol);
    expect(names({ key: 'close', direction: 'down' })).toEqual(['btcusdt', 'ethusdt', 'trxusdt']);
    expect(names({ key: 'close', direction: 'up' })).toEqual(['ethusdt', 'btcusdt', 'trxusdt']);
    expect(names({ key: 'pair', direction: 'down' })).toEqual(['trxusdt', 'ethusdt', 'btcusdt']);
    expect(names(undefined)).toEqual(['btcusdt', 'ethusdt', 'trxusdt']);
  });
});
