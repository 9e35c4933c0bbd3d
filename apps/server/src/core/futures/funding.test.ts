import Big from 'big.js';
import fc from 'fast-check';
import { beforeAll, describe, expect, it } from 'vitest';
import type { ContractTerms } from './contract-value.ts';
import {
  type BookLevel,
  DEFAULT_FUNDING_CAP,
  exactFundingPayment,
  fundingRate,
  impactNotional,
  impactPrice,
  premiumSample,
  settleFunding,
} from './funding.ts';
import { lowest, type Ratio } from './ratio.ts';
import { big, contracts, ONE, price, terms, units } from './testing/futures-arbitraries.ts';

const SEED = Number(process.env.FUTURES_PROPERTY_SEED ?? 20261127);
const BTCUSDT: ContractTerms = { kind: 'linear', multiplier: units('0.001') };
const BTCUSD: ContractTerms = { kind: 'inverse', multiplier: units('100') };
const exact = (r: Ratio) => new Big(r.n.toString()).div(r.d.toString());

describe('funding', () => {
  beforeAll(() => {
    Big.DP = 60;
  });

  it('samples the premium from impact prices and sets the rate, as worked by hand', () => {
    // 125x at most: N = 200 / (1/125) = 25,000 USDT.
    expect(impactNotional(125n)).toBe(units('25000'));
    const book = {
      // 1 BTC at 10,000 (10,000 USDT), then 2 BTC at 9,990 (19,980 USDT).
      bids: [
        [units('10000'), 1000n],
        [units('9990'), 2000n],
      ] as BookLevel[],
      asks: [[units('10010'), 3000n]] as BookLevel[],
    };
    // Impact bid: 25,000 USDT buys 1 + 15,000 / 9,990 BTC: 25,000 / that = 8,325,000 / 833 = 9,993.99759903961...
    const bid = impactPrice(BTCUSDT, book.bids, units('25000'));
    expect(bid).toEqual({ n: 8_325_000n, d: 833n });
    expect(impactPrice(BTCUSDT, book.asks, units('25000'))).toEqual({ n: 10_010n, d: 1n });
    // Not enough bids for 40,000 USDT: no impact price.
    expect(impactPrice(BTCUSDT, book.bids, units('40000'))).toBeNull();
    // Index 9,990: P = (9,993.9975990... - 9,990) / 9,990 = 0.000400160064025610 27..., truncated.
    expect(premiumSample(BTCUSDT, book, units('9990'), units('25000'))).toBe(400_160_064_025_610n);
    // Index between the impact prices: no premium.
    expect(premiumSample(BTCUSDT, book, units('10000'), units('25000'))).toBe(0n);
    // Inverse: levels hold 100 USD a contract, so 250 contracts fill 25,000 USD at one price.
    expect(impactPrice(BTCUSD, [[units('10000'), 250n]], units('25000'))).toEqual({ n: 10_000n, d: 1n });

    // F = avg + clamp(0.01% - avg, -0.05%, 0.05%): avg 0.03% gives 0.01%; avg 0.08% gives 0.03%.
    expect(fundingRate([units('0.0003'), units('0.0003')], 8n)).toBe(units('0.0001'));
    expect(fundingRate([units('0.0008')], 8n)).toBe(units('0.0003'));
    expect(fundingRate([400_160_064_025_610n], 8n)).toBe(units('0.0001'));
    // Capped at +-0.75%.
    expect(fundingRate([units('0.01')], 8n)).toBe(units('0.0075'));
    expect(fundingRate([units('-0.01')], 8n)).toBe(units('-0.0075'));
    expect(fundingRate([units('0.01')], 8n, units('0.02'))).toBe(units('0.0095'));
    // A 4-hour interval halves I: with no premium F = 0.005%.
    expect(fundingRate([], 4n)).toBe(units('0.00005'));
    expect(DEFAULT_FUNDING_CAP).toBe(units('0.0075'));

    // 1 BTC long at mark 10,000 and F = 0.01% pays 1 USDT (Binance's example); the short receives it.
    expect(lowest(exactFundingPayment(BTCUSDT, 1000n, units('10000'), units('0.0001')))).toEqual({ n: -1n, d: 1n });
    // Inverse: 100 contracts (1 BTC at 10,000) pay 0.0001 BTC.
    expect(lowest(exactFundingPayment(BTCUSD, 100n, units('10000'), units('0.0001')))).toEqual({ n: -1n, d: 10_000n });
    // Mark 10,000.5, F = 0.01%, coin of 4 decimals: the long (3 contracts) owes 0.00300015, pays 0.0031; the shorts
    // are owed 0.00100005 and 0.0020001, get 0.001 and 0.002; the 0.0001 left goes to the insurance fund.
    const settled = settleFunding(
      BTCUSDT,
      [
        { id: 'a', qty: 3n },
        { id: 'b', qty: -1n },
        { id: 'c', qty: -2n },
      ],
      units('10000.5'),
      units('0.0001'),
      4,
    );
    expect(settled).toEqual({
      payments: [
        { id: 'a', amount: units('-0.0031') },
        { id: 'b', amount: units('0.001') },
        { id: 'c', amount: units('0.002') },
      ],
      insurance: units('0.0001'),
    });
    expect(() => settleFunding(BTCUSDT, [{ id: 'a', qty: 1n }], units('1'), 1n, 4)).toThrow(RangeError);
  });

  it('finds the impact price as the book walk gives it, within the levels it used', () => {
    const side = fc.array(fc.tuple(price, contracts), { minLength: 1, maxLength: 8 });
    fc.assert(
      // The notional from 1% to 120% of what the book holds, so most walks end inside it and some run out.
      fc.property(terms, side, fc.bigInt({ min: 1n, max: 120n }), fc.boolean(), (t, raw, share, bids) => {
        const held = raw.reduce(
          (a, [p, q]) => a + (t.kind === 'linear' ? (q * t.multiplier * p) / ONE : q * t.multiplier),
          0n,
        );
        const notional = (held * share) / 100n + 1n;
        const levels = [...raw].sort(([a], [b]) => (bids ? Number(b - a) : Number(a - b)) || 0) as BookLevel[];
        // The reference walk in big.js: quote per level, base bought = quote / price.
        let left = big(notional);
        let base = new Big(0);
        let worst: bigint | null = null;
        for (const [p, q] of levels) {
          if (left.lte(0)) break;
          const quote = t.kind === 'linear' ? big(q * t.multiplier).times(big(p)) : big(q * t.multiplier);
          const take = quote.lt(left) ? quote : left;
          base = base.plus(take.div(big(p)));
          left = left.minus(take);
          worst = p;
        }
        const found = impactPrice(t, levels, notional);
        if (left.gt(0)) {
          expect(found).toBeNull();
          return;
        }
        const value = exact(found as Ratio);
        expect(value.minus(big(notional).div(base)).abs().lt('1e-30')).toBe(true);
        const [best, last] = [big((levels[0] as BookLevel)[0]), big(worst as bigint)];
        const [high, low] = bids ? [best, last] : [last, best];
        expect(value.gte(low.minus('1e-30')) && value.lte(high.plus('1e-30'))).toBe(true);
      }),
      { numRuns: 3000, seed: SEED },
    );
  });

  it('sets the rate by the formula, within the cap', () => {
    const rate = fc.bigInt({ min: -(10n ** 16n), max: 10n ** 16n });
    fc.assert(
      fc.property(
        fc.array(rate, { maxLength: 480 }),
        fc.constantFrom(1n, 4n, 8n),
        fc.bigInt({ min: 10n ** 14n, max: 10n ** 17n }),
        (samples, hours, cap) => {
          const avg = samples.length
            ? samples.reduce((a, s) => a.plus(big(s)), new Big(0)).div(samples.length)
            : new Big(0);
          const interest = new Big('0.0001').times(hours.toString()).div(8);
          const gap = interest.minus(avg);
          const clamped = gap.gt('0.0005') ? new Big('0.0005') : gap.lt('-0.0005') ? new Big('-0.0005') : gap;
          const raw = avg.plus(clamped);
          const capped = raw.gt(big(cap)) ? big(cap) : raw.lt(big(-cap)) ? big(-cap) : raw;
          const f = fundingRate(samples, hours, cap);
          expect(big(f).eq(capped.round(18, Big.roundDown))).toBe(true);
          expect(f <= cap && f >= -cap).toBe(true);
        },
      ),
      { numRuns: 3000, seed: SEED },
    );
  });

  it('settles funding exactly zero-sum: payers round up, receivers down, the leftover to the fund', () => {
    const book = fc.array(contracts, { minLength: 1, maxLength: 20 }).chain((longs) => {
      const total = longs.reduce((a, b) => a + b, 0n);
      // The shorts split the same open interest at random cuts.
      const cuts =
        total > 1n ? fc.uniqueArray(fc.bigInt({ min: 1n, max: total - 1n }), { maxLength: 20 }) : fc.constant([]);
      return cuts.map((c) => {
        const points = [0n, ...[...c].sort((a, b) => (a < b ? -1 : 1)), total];
        const shorts = points.slice(1).map((p, i) => -(p - (points[i] as bigint)));
        return [...longs, ...shorts].map((qty, id) => ({ id, qty }));
      });
    });
    fc.assert(
      fc.property(
        terms,
        book,
        price,
        fc.bigInt({ min: -(10n ** 16n), max: 10n ** 16n }),
        fc.integer({ min: 0, max: 18 }),
        (t, positions, mark, rate, scale) => {
          const unit = 10n ** BigInt(18 - scale);
          const { payments, insurance } = settleFunding(t, positions, mark, rate, scale);
          expect(payments.reduce((a, p) => a + p.amount, 0n) + insurance).toBe(0n);
          expect(insurance >= 0n && insurance < BigInt(positions.length) * unit).toBe(true);
          for (const [i, p] of payments.entries()) {
            const qty = (positions[i] as { qty: bigint }).qty;
            expect(p.amount % unit).toBe(0n);
            // -value x F (longs pay when F > 0), at most one unit above the amount; inverse multiplied by the mark,
            // so nothing is divided.
            const scale = t.kind === 'linear' ? new Big(1) : big(mark);
            const size = big(qty * t.multiplier);
            const owed = (t.kind === 'linear' ? size.times(big(mark)) : size).times(big(rate)).times(-1);
            const below = owed.minus(big(p.amount).times(scale));
            expect(below.gte(0) && below.lt(big(unit).times(scale))).toBe(true);
            if (rate > 0n) expect(qty > 0n ? p.amount <= 0n : p.amount >= 0n).toBe(true);
          }
        },
      ),
      { numRuns: 2000, seed: SEED },
    );
  });
});
