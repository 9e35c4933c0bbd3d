import Big from 'big.js';
import fc from 'fast-check';
import { beforeAll, describe, expect, it } from 'vitest';
import { type AdlPosition, adlRanking } from './adl.ts';
import type { ContractTerms } from './contract-value.ts';
import { big, contracts, price, terms, units } from './testing/futures-arbitraries.ts';

const SEED = Number(process.env.FUTURES_PROPERTY_SEED ?? 20261127);
const BTCUSDT: ContractTerms = { kind: 'linear', multiplier: units('0.001') };

/** Binance's ranking in big.js: PnL% x leverage when profitable, PnL% / leverage otherwise; no margin: infinite. */
function referenceScore(t: ContractTerms, p: AdlPosition<number>, mark: bigint): Big | 'infinite' {
  const side = p.qty > 0n ? 1 : -1;
  const [m, e] = [big(mark), big(p.entry)];
  const share = t.kind === 'linear' ? m.minus(e).div(e).times(side) : new Big(1).minus(e.div(m)).times(side);
  const size = big((p.qty < 0n ? -p.qty : p.qty) * t.multiplier);
  if (p.marginBalance <= 0n) return share.gt(0) ? 'infinite' : new Big(0);
  const leverage = (t.kind === 'linear' ? size.times(m) : size.div(m)).div(big(p.marginBalance));
  return share.gt(0) ? share.times(leverage) : share.div(leverage);
}

describe('ADL ranking', () => {
  beforeAll(() => {
    Big.DP = 60;
  });

  it('ranks by PnL% and effective leverage in five steps, as worked by hand', () => {
    const p = (id: string, qty: bigint, entry: string, balance: string) => ({
      id,
      qty,
      entry: units(entry),
      marginBalance: units(balance),
    });
    // At mark 11,000 (BTCUSDT, 1,000 contracts = 1 BTC):
    // a: long 1 BTC from 10,000, balance 1,000: PnL% 10%, leverage 11,000 / 1,000 = 11: score 1.1;
    // b: the same with balance 2,000: leverage 5.5: 0.55;
    // c: long 2 BTC from 10,500, balance 1,000: PnL% 1/21, leverage 22: 22/21 = 1.047...;
    // d: long 1 BTC from 12,000, balance 500: PnL% -1/12, leverage 22: -1/264 (a loss ranks below every gain);
    // e: short 1 BTC from 12,000 with no margin balance left: profitable, infinite leverage: first;
    // f: short 1 BTC from 10,000, balance 1,000: PnL% -10%, leverage 11: -1/110.
    const ranked = adlRanking(
      BTCUSDT,
      [
        p('a', 1000n, '10000', '1000'),
        p('b', 1000n, '10000', '2000'),
        p('c', 2000n, '10500', '1000'),
        p('d', 1000n, '12000', '500'),
        p('e', -1000n, '12000', '0'),
        p('f', -1000n, '10000', '1000'),
      ],
      units('11000'),
    );
    // Quantile 5 - floor(5 i / n): four longs give 5, 4, 3, 2; two shorts 5, 3.
    expect(ranked.long.map((r) => [r.id, r.quantile])).toEqual([
      ['a', 5],
      ['c', 4],
      ['b', 3],
      ['d', 2],
    ]);
    expect(ranked.long.map((r) => r.score)).toEqual([
      { n: 11n, d: 10n },
      { n: 22n, d: 21n },
      { n: 11n, d: 20n },
      { n: -1n, d: 264n },
    ]);
    expect(ranked.short.map((r) => [r.id, r.score, r.quantile])).toEqual([
      ['e', 'infinite', 5],
      ['f', { n: -1n, d: 110n }, 3],
    ]);
    // Equal scores share a quantile; the queue takes the lower id first.
    const tied = adlRanking(BTCUSDT, [p('y', 1000n, '10000', '1000'), p('x', 1000n, '10000', '1000')], units('11000'));
    expect(tied.long.map((r) => [r.id, r.quantile])).toEqual([
      ['x', 5],
      ['y', 5],
    ]);
  });

  it('queues each side by score, profitable first, in falling quantiles', () => {
    const position = fc.record({
      qty: fc.oneof(
        contracts,
        contracts.map((q) => -q),
      ),
      entry: price,
      marginBalance: fc.oneof(fc.bigInt({ min: 1n, max: 10n ** 28n }), fc.bigInt({ min: -(10n ** 20n), max: 0n })),
    });
    fc.assert(
      fc.property(terms, fc.array(position, { maxLength: 30 }), price, (t, raw, mark) => {
        const positions = raw.map((p, id) => ({ id, ...p }));
        const ranked = adlRanking(t, positions, mark);
        for (const [side, queue] of [
          [1n, ranked.long],
          [-1n, ranked.short],
        ] as const) {
          const mine = positions.filter((p) => (p.qty > 0n ? 1n : -1n) === side);
          expect(queue.map((r) => r.id).sort((a, b) => a - b)).toEqual(mine.map((p) => p.id));
          const scores = queue.map((r) => referenceScore(t, positions[r.id] as AdlPosition<number>, mark));
          for (let i = 0; i < queue.length; i++) {
            const [here, rank] = [scores[i] as Big | 'infinite', queue[i] as (typeof queue)[number]];
            expect(rank.quantile >= 1 && rank.quantile <= 5).toBe(true);
            if (i === 0) expect(rank.quantile).toBe(5);
            if (i === 0) continue;
            const [before, prior] = [scores[i - 1] as Big | 'infinite', queue[i - 1] as (typeof queue)[number]];
            // Never a higher score behind a lower one (scores divided at 60 decimals: ties within 1e-40).
            if (here === 'infinite') expect(before).toBe('infinite');
            else if (before !== 'infinite') expect(before.gte(here.minus('1e-40'))).toBe(true);
            expect(prior.quantile >= rank.quantile).toBe(true);
            // A profitable position is never behind an unprofitable one.
            const gain = (s: Big | 'infinite') => s === 'infinite' || s.gt(0);
            if (gain(here)) expect(gain(before)).toBe(true);
          }
        }
      }),
      { numRuns: 2000, seed: SEED },
    );
  });
});
