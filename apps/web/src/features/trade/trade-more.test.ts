import { describe, expect, it } from 'vitest';
import type { MarketEntry, MarketGroups } from '../../markets/market-symbol.ts';
import { marketNames, readTradeMore, TRADE_MORE_KEY, tradePath, writeTradeMore } from './trade-more.ts';

const entry = (symbol: string, sort: number) => ({ symbol, sort }) as MarketEntry;
const groups: MarketGroups = {
  BTC: { 'ETH/BTC': entry('ethbtc', 1) },
  USDT: { 'ETH/USDT': entry('ethusdt', 2), 'BTC/USDT': entry('btcusdt', 1), 'SOL/USDT': entry('solusdt', 3) },
};

function memoryStorage(initial: Record<string, string> = {}): Storage {
  const data = new Map(Object.entries(initial));
  return {
    get length() {
      return data.size;
    },
    clear: () => data.clear(),
    getItem: (k) => data.get(k) ?? null,
    key: (i) => [...data.keys()][i] ?? null,
    removeItem: (k) => void data.delete(k),
    setItem: (k, v) => void data.set(k, v),
  };
}

describe('trade-more layout', () => {
  it('lists the default quote group first, each group by sort', () => {
    expect(marketNames(groups, 'USDT')).toEqual(['BTC/USDT', 'ETH/USDT', 'SOL/USDT', 'ETH/BTC']);
    expect(marketNames(groups, undefined)).toEqual(['ETH/BTC', 'BTC/USDT', 'ETH/USDT', 'SOL/USDT']);
  });

  it('opens four charts of the first markets at 15 minutes when nothing is saved', () => {
    const names = marketNames(groups, 'USDT');
    expect(readTradeMore(memoryStorage(), names)).toEqual({
      layout: 4,
      cells: names.map((market) => ({ market, period: '15min' })),
    });
  });

  it('keeps what the trader chose across a reload', () => {
    const storage = memoryStorage();
    const names = marketNames(groups, 'USDT');
    const chosen = readTradeMore(storage, names);
    chosen.layout = 2;
    chosen.cells[1] = { market: 'ETH/BTC', period: '1day' };
    writeTradeMore(storage, chosen);
    expect(readTradeMore(storage, names)).toEqual(chosen);
  });

  it('replaces a vanished market, an unknown period or a damaged entry with the defaults', () => {
    const names = ['BTC/USDT', 'ETH/USDT'];
    const saved = {
      layout: 3,
      cells: [
        { market: 'DOGE/USDT', period: '2min' },
        { market: 'ETH/USDT', period: '4h' },
      ],
    };
    expect(readTradeMore(memoryStorage({ [TRADE_MORE_KEY]: JSON.stringify(saved) }), names)).toEqual({
      layout: 4,
      cells: [
        { market: 'BTC/USDT', period: '15min' },
        { market: 'ETH/USDT', period: '4h' },
        { market: 'BTC/USDT', period: '15min' },
        { market: 'ETH/USDT', period: '15min' },
      ],
    });
    expect(readTradeMore(memoryStorage({ [TRADE_MORE_KEY]: '{oops' }), names).layout).toBe(4);
  });

  it('links a cell to its trade page', () => {
    expect(tradePath('BTC/USDT')).toBe('/trade/BTC_USDT');
  });
});
