import { describe, expect, it } from 'vitest';
import { depth } from './depth.ts';
import { BookFixture } from './testing/book-fixture.ts';

describe('L2 depth', () => {
  const f = new BookFixture({ depthSteps: [1, 10, 100] });
  [101, 109, 110, 111, 250].forEach((price, i) => {
    f.sell(i + 1, price, i + 1);
  });
  [99, 91, 90, 89].forEach((price, i) => {
    f.buy(i + 10, price, i + 1);
  });

  it('lists every level at step 1, best first', () => {
    expect(depth(f.book, 1)).toEqual({
      step: 1,
      bids: [
        [99, 1],
        [91, 2],
        [90, 3],
        [89, 4],
      ],
      asks: [
        [101, 1],
        [109, 2],
        [110, 3],
        [111, 4],
        [250, 5],
      ],
    });
  });

  it('merges into buckets rounding asks up and bids down', () => {
    expect(depth(f.book, 10)).toMatchObject({
      bids: [
        [90, 6],
        [80, 4],
      ],
      asks: [
        [110, 6],
        [120, 4],
        [250, 5],
      ],
    });
    expect(depth(f.book, 100)).toMatchObject({
      bids: [[0, 10]],
      asks: [
        [200, 10],
        [300, 5],
      ],
    });
  });

  it('caps the rows per side', () => {
    const capped = depth(f.book, 1, 2);
    expect(capped.bids).toHaveLength(2);
    expect(capped.asks).toEqual([
      [101, 1],
      [109, 2],
    ]);
  });

  it('rejects a step that is not a whole number of ticks', () => {
    expect(() => depth(f.book, 0)).toThrow();
  });
});
