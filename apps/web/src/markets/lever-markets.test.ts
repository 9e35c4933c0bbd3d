import { describe, expect, it } from 'vitest';
import { marketEntry } from '../features/trade/testing/market-entry.ts';
import { chooseLeverMarket, leverGroups } from './lever-markets.ts';

const spot = {
  USDT: {
    'ETH/USDT': marketEntry('ETH/USDT', { is_open_lever: 1, sort: 2 }),
    'LTC/USDT': marketEntry('LTC/USDT', { sort: 0 }),
    'BTC/USDT': marketEntry('BTC/USDT', { is_open_lever: 1, sort: 1 }),
  },
  BTC: { 'ETH/BTC': marketEntry('ETH/BTC', { is_open_lever: 1 }) },
  ETH: { 'XRP/ETH': marketEntry('XRP/ETH') },
};

describe('margin markets', () => {
  it('are the markets open for margin, in groups that keep at least one, only while lever_open is on', () => {
    const groups = leverGroups(spot, true);
    expect(Object.keys(groups)).toEqual(['USDT', 'BTC']);
    expect(Object.keys(groups.USDT ?? {})).toEqual(['ETH/USDT', 'BTC/USDT']);
    expect(leverGroups(spot, false)).toEqual({});
  });

  it('choose the path segment, else the saved pair, else the first group and its first symbol', () => {
    const groups = leverGroups(spot, true);
    expect(chooseLeverMarket(groups, 'ETH_BTC', {})?.name).toBe('ETH/BTC');
    expect(chooseLeverMarket(groups, undefined, { leverMarkTitle: 'BTC', leverSymbolName: 'ETH/BTC' })?.name).toBe(
      'ETH/BTC',
    );
    // Not the lowest sort (BTC/USDT), as spot would pick: the lever default is the group's first symbol.
    expect(chooseLeverMarket(groups, undefined, { leverMarkTitle: 'USDT', leverSymbolName: 'LTC/USDT' })?.name).toBe(
      'ETH/USDT',
    );
    // A spot-only market in the path is no margin market.
    expect(chooseLeverMarket(groups, 'LTC_USDT', {})?.name).toBe('ETH/USDT');
    expect(chooseLeverMarket({}, 'BTC_USDT', {})).toBeUndefined();
  });
});
