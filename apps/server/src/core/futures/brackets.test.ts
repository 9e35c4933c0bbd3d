import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import {
  bracketsProblem,
  buildBrackets,
  initialMargin,
  leverageProblem,
  maintenanceMargin,
  maxNotionalAt,
  type TierInput,
} from './brackets.ts';
import { big, bracketsAround, referenceCum, units } from './testing/futures-arbitraries.ts';

const SEED = Number(process.env.FUTURES_PROPERTY_SEED ?? 20261127);

/** Binance's published USDT-M BTCUSDT leverage and margin table (2021): cap, leverage, maintenance rate. */
const BINANCE_BTCUSDT: [string, bigint, string][] = [
  ['50000', 125n, '0.004'],
  ['250000', 100n, '0.005'],
  ['1000000', 50n, '0.01'],
  ['10000000', 20n, '0.025'],
  ['20000000', 10n, '0.05'],
  ['50000000', 5n, '0.1'],
  ['100000000', 4n, '0.125'],
  ['200000000', 3n, '0.15'],
  ['300000000', 2n, '0.25'],
  ['500000000', 1n, '0.5'],
];
const tiers = (rows: [string, bigint, string][]): TierInput[] =>
  rows.map(([cap, lev, rate]) => ({ maxNotional: units(cap), maxLeverage: lev, maintenanceRate: units(rate) }));

describe('leverage brackets', () => {
  it("gives Binance's published maintenance amounts for BTCUSDT", () => {
    const brackets = buildBrackets(tiers(BINANCE_BTCUSDT));
    // The "maintenance amount" column of the same table.
    expect(brackets.map((b) => b.cum)).toEqual(
      ['0', '50', '1300', '16300', '266300', '1266300', '2516300', '5016300', '25016300', '100016300'].map(units),
    );
    // 300,000 USDT is in tier 3: 300,000 x 1% - 1,300 = 1,700; at 10x the initial margin is 30,000.
    expect(maintenanceMargin(brackets, units('300000'))).toBe(units('1700'));
    expect(initialMargin(units('300000'), 10n)).toBe(units('30000'));
    // At the cap of tier 1 both tiers give 200: 50,000 x 0.4% and 50,000 x 0.5% - 50.
    expect(maintenanceMargin(brackets, units('50000'))).toBe(units('200'));
    expect(maintenanceMargin(brackets, units('50000.000001'))).toBe(units('200.000000005'));
    // Leverage: 125x up to 50,000; 20x up to 10,000,000.
    expect(maxNotionalAt(brackets, 125n)).toBe(units('50000'));
    expect(maxNotionalAt(brackets, 20n)).toBe(units('10000000'));
    expect(leverageProblem(brackets, units('50000'), 125n)).toBeNull();
    expect(leverageProblem(brackets, units('60000'), 125n)).toBe('leverage 125 allows a notional of at most 50000');
    expect(leverageProblem(brackets, units('60000'), 126n)).toBe('leverage must be a whole number from 1 to 125');
    expect(leverageProblem(brackets, units('600000000'), 1n)).toBe('leverage 1 allows a notional of at most 500000000');
  });

  it('refuses tiers that are not brackets, naming the tier and the rule', () => {
    const ok = tiers(BINANCE_BTCUSDT.slice(0, 3));
    const changed = (i: number, change: Partial<TierInput>) => ok.map((t, j) => (j === i ? { ...t, ...change } : t));
    expect(bracketsProblem(ok)).toBeNull();
    expect(bracketsProblem([])).toBe('brackets need at least one tier');
    expect(bracketsProblem(changed(1, { maxNotional: units('50000') }))).toBe(
      "tier 2: max notional must be above the tier below's",
    );
    expect(bracketsProblem(changed(2, { maxLeverage: 0n }))).toBe('tier 3: max leverage must be at least 1');
    expect(bracketsProblem(changed(1, { maxLeverage: 126n }))).toBe(
      "tier 2: max leverage may not exceed the tier below's",
    );
    expect(bracketsProblem(changed(0, { maintenanceRate: 0n }))).toBe(
      'tier 1: maintenance margin rate must be above 0',
    );
    expect(bracketsProblem(changed(1, { maintenanceRate: units('0.003') }))).toBe(
      "tier 2: maintenance margin rate may not be below the tier below's",
    );
    expect(bracketsProblem(changed(0, { maintenanceRate: units('0.008') }))).toBe(
      'tier 1: maintenance margin rate must be below 1 / max leverage',
    );
    expect(() => buildBrackets([])).toThrow(RangeError);
  });

  it('keeps maintenance continuous and rising across tiers, below initial margin, with the Binance cum', () => {
    const notional = fc.bigInt({ min: 1n, max: 10n ** 30n });
    fc.assert(
      fc.property(
        notional.chain((around) =>
          fc.tuple(bracketsAround(around), fc.array(notional, { minLength: 2, maxLength: 6 })),
        ),
        ([brackets, amounts]) => {
          for (const [i, b] of brackets.entries()) {
            expect(big(b.cum).eq(referenceCum(brackets, i).round(18, 0))).toBe(true);
            // At a cap, the tier and the next give the same maintenance, exactly.
            const next = brackets[i + 1];
            if (next) {
              const here = big(b.maxNotional).times(big(b.maintenanceRate)).minus(referenceCum(brackets, i));
              const there = big(b.maxNotional)
                .times(big(next.maintenanceRate))
                .minus(referenceCum(brackets, i + 1));
              expect(here.eq(there)).toBe(true);
            }
          }
          const sorted = [...amounts].sort((a, b) => (a < b ? -1 : a > b ? 1 : 0));
          for (const [i, n] of sorted.entries()) {
            const mm = maintenanceMargin(brackets, n);
            if (i > 0) expect(mm >= maintenanceMargin(brackets, sorted[i - 1] as bigint)).toBe(true);
            // Within what a leverage allows, maintenance stays under initial margin.
            for (const b of brackets)
              if (leverageProblem(brackets, n, b.maxLeverage) === null) {
                expect(mm <= initialMargin(n, b.maxLeverage)).toBe(true);
              }
          }
        },
      ),
      { numRuns: 3000, seed: SEED },
    );
  });
});
