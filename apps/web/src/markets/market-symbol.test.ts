import { describe, expect, it } from 'vitest';
import { marketEntry } from '../features/trade/testing/market-entry.ts';
import { chooseMarket, findMarket, type MarketGroups, marketPath } from './market-symbol.ts';

const entry = (symbol: string, sort: number) => marketEntry(symbol, { sort, marketSellMin: '0.001' });

const groups: MarketGroups = {
  USDT: { 'ETH/USDT': entry('ethusdt', 2), 'BTC/USDT': entry('btcusdt', 1) },
  BTC: { 'ETH/BTC': entry('ethbtc', 5) },
};

describe('market choice', () => {
  it('reads the path segment as links write it, or the channel symbol', () => {
    expect(findMarket(groups, 'ETH_BTC')?.entry.symbol).toBe('ethbtc');
    expect(findMarket(groups, 'ethusdt')).toMatchObject({ name: 'ETH/USDT', base: 'ETH', quote: 'USDT' });
    expect(marketPath('ETH/BTC')).toBe('ETH_BTC');
  });
  it('falls back to the saved market, then the default group lowest sort', () => {
    expect(chooseMarket(groups, 'NOPE_X', { markTitle: 'BTC', sSymbolName: 'ETH/BTC' }, 'USDT')?.name).toBe('ETH/BTC');
    expect(chooseMarket(groups, undefined, {}, 'USDT')?.name).toBe('BTC/USDT');
    expect(chooseMarket(groups, undefined, { markTitle: 'BTC', sSymbolName: 'gone' }, 'USDT')?.name).toBe('ETH/BTC');
    expect(chooseMarket({}, 'BTC_USDT', {}, 'USDT')).toBeUndefined();
  });
});
