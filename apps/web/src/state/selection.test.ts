import { beforeEach, describe, expect, it } from 'vitest';
import { applyLocalClearVersion, LOCAL_CLEAR_VERSION } from './local-clear.ts';
import {
  pickContract,
  pickLeverSelection,
  pickMarketTitle,
  pickSymbol,
  readSelection,
  SELECTION_KEY,
  writeSelection,
} from './selection.ts';

describe('selection fallbacks (platform.md §4)', () => {
  const markets = { BTC: {}, USDT: {}, ETH: {} };

  it('market title: saved, else maket_index, else the first market', () => {
    expect(pickMarketTitle('ETH', markets, 'USDT')).toBe('ETH');
    expect(pickMarketTitle('NOPE', markets, 'USDT')).toBe('USDT');
    expect(pickMarketTitle(undefined, markets, 'GONE')).toBe('BTC');
  });

  it('symbol: saved when valid, else the lowest sort', () => {
    const symbols = { 'ETH/USDT': { sort: 3 }, 'BTC/USDT': { sort: 1 }, 'LTC/USDT': { sort: 2 } };
    expect(pickSymbol('LTC/USDT', symbols)).toBe('LTC/USDT');
    expect(pickSymbol('XRP/USDT', symbols)).toBe('BTC/USDT');
  });

  it('leverage: the first group and its first symbol when the saved pair is invalid', () => {
    const groups = { USDT: { 'BTC/USDT': {}, 'ETH/USDT': {} }, BTC: { 'ETH/BTC': {} } };
    expect(pickLeverSelection({ leverMarkTitle: 'BTC', leverSymbolName: 'ETH/BTC' }, groups)).toEqual({
      leverMarkTitle: 'BTC',
      leverSymbolName: 'ETH/BTC',
    });
    expect(pickLeverSelection({ leverMarkTitle: 'BTC', leverSymbolName: 'NOPE' }, groups)).toEqual({
      leverMarkTitle: 'USDT',
      leverSymbolName: 'BTC/USDT',
    });
  });

  it('contract: path segment, else saved, else lowest sort', () => {
    const contracts = [
      { contractName: 'E-ETH-USDT', sort: 2 },
      { contractName: 'E-BTC-USDT', sort: 1 },
    ];
    expect(pickContract('E-ETH-USDT', 'E-BTC-USDT', contracts)?.contractName).toBe('E-ETH-USDT');
    expect(pickContract('nope', 'E-ETH-USDT', contracts)?.contractName).toBe('E-ETH-USDT');
    expect(pickContract(undefined, undefined, contracts)?.contractName).toBe('E-BTC-USDT');
  });

  it('keeps one JSON object in local storage and survives damage', () => {
    localStorage.clear();
    writeSelection(localStorage, { homeMarkTitle: 'USDT' });
    writeSelection(localStorage, { sSymbolName: 'BTC/USDT' });
    expect(readSelection(localStorage)).toEqual({ homeMarkTitle: 'USDT', sSymbolName: 'BTC/USDT' });
    localStorage.setItem(SELECTION_KEY, '{broken');
    expect(readSelection(localStorage)).toEqual({});
  });
});

describe('local-clear version', () => {
  beforeEach(() => localStorage.clear());

  it('is 11, wipes old storage once and asks for a reload', () => {
    expect(LOCAL_CLEAR_VERSION).toBe('11');
    localStorage.setItem('stale', 'x');
    expect(applyLocalClearVersion(localStorage)).toBe(true);
    expect(localStorage.getItem('stale')).toBeNull();
    expect(applyLocalClearVersion(localStorage)).toBe(false);
  });

  it('does not reload a first visit with empty storage', () => {
    expect(applyLocalClearVersion(localStorage)).toBe(false);
    expect(localStorage.getItem('localClearVersion')).toBe('11');
  });
});
