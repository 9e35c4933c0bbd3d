import { describe, expect, it } from 'vitest';
import { bookLevels, changedPrices, stepDecimals } from './book-levels.ts';

describe('changedPrices', () => {
  it('flashes new levels and levels whose volume changed, not the unchanged ones', () => {
    const before: [string, string][] = [
      ['100.1', '2'],
      ['100.2', '1.5'],
      ['100.3', '4'],
    ];
    const after: [string, string][] = [
      ['100.1', '2.0'],
      ['100.2', '1.25'],
      ['100.4', '1'],
    ];
    expect([...changedPrices(before, after)].sort()).toEqual(['100.2', '100.4']);
  });
  it('treats the first snapshot as all new', () => {
    expect(changedPrices(undefined, [['1', '1']])).toEqual(new Set(['1']));
  });
});

describe('bookLevels', () => {
  it('keeps running totals exact and scales both sides to the deeper one', () => {
    const { asks, buys } = bookLevels(
      [
        ['10.1', '0.1'],
        ['10.2', '0.2'],
      ],
      [
        ['9.9', '0.3'],
        ['9.8', '0.3'],
        ['9.7', '5'],
      ],
      2,
    );
    expect(asks.map((l) => l.total)).toEqual(['0.1', '0.3']);
    expect(buys.map((l) => l.total)).toEqual(['0.3', '0.6']);
    expect(asks.map((l) => l.share)).toEqual([0.1667, 0.5]);
    expect(buys.at(-1)?.share).toBe(1);
  });
  it('draws no bars for an empty book', () => {
    expect(bookLevels([], [], 10)).toEqual({ asks: [], buys: [] });
  });
});

describe('stepDecimals', () => {
  it('counts the decimals a merge step shows', () => {
    expect(['0.01', '0.1', '1', '10', '0.00001', '0.50'].map(stepDecimals)).toEqual([2, 1, 0, 0, 5, 1]);
  });
});
