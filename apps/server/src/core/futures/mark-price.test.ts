import Big from 'big.js';
import fc from 'fast-check';
import { beforeAll, describe, expect, it } from 'vitest';
import { addBasis, BASIS_WINDOW_MS, basisAverage, emptyBasis, markPrice } from './mark-price.ts';
import { big, price, units } from './testing/futures-arbitraries.ts';

const SEED = Number(process.env.FUTURES_PROPERTY_SEED ?? 20261127);
const HOUR = 3_600_000;

describe('mark price', () => {
  beforeAll(() => {
    Big.DP = 60;
  });

  it('takes the median of the funding-based, basis-based and last price, as worked by hand', () => {
    // (mid - index) samples of 2 and 4 in the last 30 s: average 3.
    const window = addBasis(addBasis(emptyBasis, 1000, units('2')), 20_000, units('4'));
    const at = (now: number, last: string) =>
      markPrice({
        index: units('10000'),
        last: units(last),
        fundingRate: units('0.0001'),
        msToFunding: 4 * HOUR,
        intervalMs: 8 * HOUR,
        basis: basisAverage(window, now),
      });
    // a = 10,000 x (1 + 0.0001 x 4/8) = 10,000.5; b = 10,000 + 3 = 10,003; last 10,010: the median is 10,003.
    expect(at(25_000, '10010')).toBe(units('10003'));
    expect(at(25_000, '10001')).toBe(units('10001'));
    expect(at(25_000, '9000')).toBe(units('10000.5'));
    // At 31 s the first sample has left the window: b = 10,004. At 51 s none is left: b = the index.
    expect(at(31_000, '10010')).toBe(units('10004'));
    expect(at(51_000, '10010')).toBe(units('10000.5'));
    expect(basisAverage(window, 51_000)).toBeNull();
    expect(() => addBasis(window, 19_999, 0n)).toThrow(RangeError);
  });

  it('averages exactly the samples of the last 30 seconds however they arrive', () => {
    const sample = fc.record({
      gap: fc.integer({ min: 0, max: 20_000 }),
      basis: fc.bigInt({ min: -(10n ** 21n), max: 10n ** 21n }),
    });
    fc.assert(
      fc.property(
        fc.array(sample, { minLength: 1, maxLength: 60 }),
        fc.integer({ min: 0, max: 40_000 }),
        (samples, later) => {
          let window = emptyBasis;
          let now = 0;
          const all: { at: number; basis: bigint }[] = [];
          for (const s of samples) {
            now += s.gap;
            window = addBasis(window, now, s.basis);
            all.push({ at: now, basis: s.basis });
            expect(window.samples.every((w) => w.at > now - BASIS_WINDOW_MS)).toBe(true);
          }
          const query = now + later;
          const recent = all.filter((s) => s.at > query - BASIS_WINDOW_MS);
          const average = basisAverage(window, query);
          if (recent.length === 0) {
            expect(average).toBeNull();
            return;
          }
          const expected = recent.reduce((a, s) => a.plus(big(s.basis)), new Big(0)).div(recent.length);
          const got = new Big((average?.n ?? 0n).toString()).div((average?.d ?? 1n).toString());
          expect(got.minus(expected).abs().lt('1e-40')).toBe(true);
        },
      ),
      { numRuns: 3000, seed: SEED },
    );
  });

  it('is the median of the three, rounded down', () => {
    fc.assert(
      fc.property(
        price,
        price,
        fc.bigInt({ min: -(10n ** 16n), max: 10n ** 16n }),
        fc
          .integer({ min: 1, max: 8 })
          .chain((h) => fc.tuple(fc.constant(h * HOUR), fc.integer({ min: 0, max: h * HOUR }))),
        // The basis as per mille of the index, within +-50%.
        fc.option(fc.bigInt({ min: -500n, max: 500n })),
        (index, last, rate, [interval, toFunding], share) => {
          const basis = share === null ? null : (index * share) / 1000n;
          const mark = markPrice({
            index,
            last,
            fundingRate: rate,
            msToFunding: toFunding,
            intervalMs: interval,
            basis: basis === null ? null : { n: basis, d: 10n ** 18n },
          });
          // All three times the interval, so nothing is divided: mark x interval <= median < (mark + 1 unit) x interval.
          const a = big(index).times(big(rate).times(toFunding).plus(interval));
          const b = (basis === null ? big(index) : big(index).plus(big(basis))).times(interval);
          const [, median] = [a, b, big(last).times(interval)].sort((x, y) => x.cmp(y)) as Big[];
          expect(
            big(mark)
              .times(interval)
              .lte(median as Big),
          ).toBe(true);
          expect(
            big(mark + 1n)
              .times(interval)
              .gt(median as Big),
          ).toBe(true);
        },
      ),
      { numRuns: 3000, seed: SEED },
    );
  });
});
