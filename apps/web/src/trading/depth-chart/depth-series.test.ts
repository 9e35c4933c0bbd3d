import { describe, expect, it } from 'vitest';
import { depthSeries } from './depth-series.ts';

describe('depthSeries', () => {
  it('accumulates each side exactly from the best price outwards', () => {
    const series = depthSeries(
      [
        ['99', '0.1'],
        ['98', '0.2'],
      ],
      [
        ['101', '0.3'],
        ['102', '0.4'],
      ],
    );
    expect(series?.buys).toEqual([
      { price: '99', total: '0.1' },
      { price: '98', total: '0.3' },
    ]);
    expect(series?.asks.map((p) => p.total)).toEqual(['0.3', '0.7']);
    expect(series).toMatchObject({ minPrice: '98', maxPrice: '102', maxTotal: '0.7' });
  });
  it('cuts the longer tail to the shorter one around the mid price', () => {
    const series = depthSeries(
      [
        ['99', '1'],
        ['50', '100'],
      ],
      [
        ['101', '1'],
        ['103', '1'],
      ],
    );
    expect(series?.buys).toEqual([{ price: '99', total: '1' }]);
    expect(series).toMatchObject({ minPrice: '97', maxPrice: '103', maxTotal: '2' });
  });
  it('draws one side alone and nothing for an empty book', () => {
    expect(depthSeries([], [['5', '2']])).toMatchObject({ asks: [{ price: '5', total: '2' }], buys: [] });
    expect(depthSeries([], [])).toBeNull();
  });
});
