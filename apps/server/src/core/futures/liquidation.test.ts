import Big from 'big.js';
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { buildBrackets, initialMargin } from './brackets.ts';
import { type ContractTerms, notional } from './contract-value.ts';
import {
  bankruptcyPrice,
  isLiquidatable,
  liquidationPrice,
  marginBalance,
  marginRatio,
  type PositionRisk,
} from './liquidation.ts';
import {
  big,
  bracketsAround,
  contracts,
  ONE,
  price,
  referenceTier,
  sgn,
  terms,
  units,
} from './testing/futures-arbitraries.ts';

const SEED = Number(process.env.FUTURES_PROPERTY_SEED ?? 20261127);
const BTCUSDT: ContractTerms = { kind: 'linear', multiplier: units('0.001') };
const BTCUSD: ContractTerms = { kind: 'inverse', multiplier: units('100') };
/** Binance's BTCUSDT tiers 1 to 3 (0.4% / 0.5% / 1%, cum 0 / 50 / 1,300). */
const TIERS = buildBrackets([
  { maxNotional: units('50000'), maxLeverage: 125n, maintenanceRate: units('0.004') },
  { maxNotional: units('250000'), maxLeverage: 100n, maintenanceRate: units('0.005') },
  { maxNotional: units('1000000'), maxLeverage: 50n, maintenanceRate: units('0.01') },
]);

/**
 * The reference: margin balance (less maintenance unless `bankruptcy`) at a price, by the textbook formulas, exactly
 * in big.js, as scaled / scale with scale > 0: linear as it is; inverse multiplied by price x entry, so nothing is
 * divided. Linear: B + side Q (P - EP) - (Q P mmr - cum); inverse: B + side Q (1/EP - 1/P) - (Q/P mmr - cum).
 */
function reference(p: PositionRisk, at: bigint, bankruptcy = false): { scaled: Big; scale: Big } {
  const b = p.backing;
  const backing = b.mode === 'isolated' ? b.margin : b.wallet + b.othersPnl - (bankruptcy ? 0n : b.othersMaintenance);
  const Q = big((p.qty < 0n ? -p.qty : p.qty) * p.terms.multiplier);
  const side = p.qty > 0n ? 1 : -1;
  const [P, E] = [big(at), big(p.entry)];
  if (p.terms.kind === 'linear') {
    const balance = big(backing).plus(Q.times(P.minus(E)).times(side));
    if (bankruptcy) return { scaled: balance, scale: new Big(1) };
    const tier = referenceTier(p.brackets, (cap) => Q.times(P).lte(cap));
    return { scaled: balance.minus(Q.times(P).times(tier.rate).minus(tier.cum)), scale: new Big(1) };
  }
  const scale = P.times(E);
  const balance = big(backing)
    .times(scale)
    .plus(Q.times(P.minus(E)).times(side));
  if (bankruptcy) return { scaled: balance, scale };
  const tier = referenceTier(p.brackets, (cap) => Q.lte(cap.times(P)));
  return { scaled: balance.minus(Q.times(tier.rate).times(E).minus(tier.cum.times(scale))), scale };
}
const signAt = (p: PositionRisk, at: bigint, bankruptcy = false) => sgn(reference(p, at, bankruptcy).scaled);

/** A position with brackets around its notional, isolated or cross, margined from half to three times its initial. */
const position: fc.Arbitrary<PositionRisk & { leverage: bigint }> = fc
  .record({
    terms,
    qty: fc.oneof(
      contracts,
      contracts.map((q) => -q),
    ),
    entry: price,
  })
  .chain((base) => {
    const n = notional(base.terms, base.qty, base.entry);
    return fc
      .record({
        brackets: bracketsAround(n),
        leverage: fc.bigInt({ min: 1n, max: 125n }),
        share: fc.bigInt({ min: 50n, max: 300n }),
        cross: fc.option(
          fc.record({ others: fc.bigInt({ min: 0n, max: 100n }), pnl: fc.bigInt({ min: -100n, max: 100n }) }),
        ),
      })
      .map(({ brackets, leverage, share, cross }) => {
        const margin = (initialMargin(n, leverage) * share) / 100n;
        return {
          ...base,
          brackets,
          leverage,
          backing: cross
            ? {
                mode: 'cross' as const,
                wallet: margin,
                othersMaintenance: (margin * cross.others) / 100n,
                othersPnl: (margin * cross.pnl) / 100n,
              }
            : { mode: 'isolated' as const, margin },
        };
      });
  });

describe('liquidation and bankruptcy price', () => {
  it('solves worked examples (Binance formulas, numbers worked by hand)', () => {
    const long = (qty: bigint, terms_: ContractTerms, entry: string, margin: string): PositionRisk => ({
      terms: terms_,
      brackets: TIERS,
      qty,
      entry: units(entry),
      backing: { mode: 'isolated', margin: units(margin) },
    });
    // Linear long 1 BTC at 10,000 with 1,000 margin (10x), tier 1:
    // LP = (1,000 - 1 x 10,000) / (1 x 0.004 - 1) = 9,036.1445783132530120481..., rounded up; BP = 10,000 - 1,000.
    const l = long(1000n, BTCUSDT, '10000', '1000');
    expect(liquidationPrice(l)).toBe(9_036_144_578_313_253_012_049n);
    expect(bankruptcyPrice(l)).toBe(units('9000'));
    // At 9,500: margin balance 1,000 - 500 = 500; maintenance 9,500 x 0.4% = 38; ratio 38 / 500 = 7.6%.
    expect(marginBalance(l, units('9500'))).toBe(units('500'));
    expect(marginRatio(l, units('9500'))).toBe(units('0.076'));
    expect(isLiquidatable(l, units('9036.15'))).toBe(false);
    expect(isLiquidatable(l, units('9036.14'))).toBe(true);
    // On the line itself it is liquidated: with 1,036 margin at 9,000, balance 36 = maintenance 9,000 x 0.4%.
    expect(isLiquidatable(long(1000n, BTCUSDT, '10000', '1036'), units('9000'))).toBe(true);
    expect(isLiquidatable(long(1000n, BTCUSDT, '10000', '1036.000000000000000001'), units('9000'))).toBe(false);
    // The same short: LP = (1,000 + 10,000) / (0.004 + 1) = 10,956.17529880478087649..., rounded down; BP 11,000.
    const s = { ...l, qty: -1000n };
    expect(liquidationPrice(s)).toBe(10_956_175_298_804_780_876_494n);
    expect(bankruptcyPrice(s)).toBe(units('11000'));
    // Inverse long 100 contracts of 100 USD (1 BTC at 10,000) with 0.1 BTC margin (10x), tier 1 (in BTC here):
    // LP = (Q mmr + Q) / (WB + cum + Q / EP) = (40 + 10,000) / (0.1 + 1) = 9,127.2727..., up; BP = 10,000 / 1.1.
    const inv = long(100n, BTCUSD, '10000', '0.1');
    expect(liquidationPrice(inv)).toBe(9_127_272_727_272_727_272_728n);
    expect(bankruptcyPrice(inv)).toBe(9_090_909_090_909_090_909_091n);
    // Cross: wallet 2,000, other positions' PnL -300 and maintenance 100:
    // LP = (2,000 - 100 - 300 - 10,000) / (0.004 - 1) = 8,433.73493975903614457..., up; BP = 10,000 - 1,700.
    const cross: PositionRisk = {
      ...l,
      backing: { mode: 'cross', wallet: units('2000'), othersMaintenance: units('100'), othersPnl: units('-300') },
    };
    expect(liquidationPrice(cross)).toBe(8_433_734_939_759_036_144_579n);
    expect(bankruptcyPrice(cross)).toBe(units('8300'));
    // A short of 100 BTC at 2,400 (240,000 USDT, tier 2) with 24,000 margin: tier 2's rate gives
    // (24,000 + 50 + 240,000) / (0.5 + 100) = 2,627.36, where the notional (262,736) is in tier 3; so, as Binance
    // says, tier 3's: (24,000 + 1,300 + 240,000) / (1 + 100) = 2,626.732673267326732673..., rounded down.
    const big100 = { ...long(-100_000n, BTCUSDT, '2400', '24000') };
    expect(liquidationPrice(big100)).toBe(2_626_732_673_267_326_732_673n);
    // No price liquidates a long that holds its whole value.
    expect(liquidationPrice(long(1000n, BTCUSDT, '10000', '10000'))).toBeNull();
  });

  it('puts margin balance on maintenance at the liquidation price, within one price unit, never later', () => {
    fc.assert(
      fc.property(position, (p) => {
        const lp = liquidationPrice(p);
        const side = p.qty > 0n ? 1n : -1n;
        if (lp === null) {
          // No crossing between the least and a huge price.
          expect(signAt(p, 1n) * signAt(p, 10n ** 40n)).toBeGreaterThanOrEqual(0);
          return;
        }
        expect(lp > 0n).toBe(true);
        // At LP the position is at or above the line; one unit further it is below, and the core liquidates it.
        expect(signAt(p, lp)).toBeGreaterThanOrEqual(0);
        const beyond = lp - side;
        if (beyond > 0n) {
          expect(signAt(p, beyond)).toBe(-1);
          expect(isLiquidatable(p, beyond)).toBe(true);
        }
      }),
      { numRuns: 4000, seed: SEED },
    );
  });

  it('takes all the margin at the bankruptcy price, within one price unit', () => {
    fc.assert(
      fc.property(position, (p) => {
        const bp = bankruptcyPrice(p);
        const side = p.qty > 0n ? 1n : -1n;
        if (bp === null) {
          expect(signAt(p, 1n, true) * signAt(p, 10n ** 40n, true)).toBeGreaterThanOrEqual(0);
          return;
        }
        expect(signAt(p, bp, true)).toBeGreaterThanOrEqual(0);
        if (bp - side > 0n) expect(signAt(p, bp - side, true)).toBe(-1);
      }),
      { numRuns: 4000, seed: SEED },
    );
  });

  it('liquidates exactly when margin balance is at or below maintenance, give or take the roundings', () => {
    fc.assert(
      fc.property(position, price, (p, mark) => {
        const { scaled, scale } = reference(p, mark);
        const liquidatable = isLiquidatable(p, mark);
        if (scaled.lte(0)) expect(liquidatable).toBe(true);
        // Rounding the PnL down and maintenance up moves the line by under two ledger units.
        if (liquidatable) expect(scaled.lt(scale.times('2e-18'))).toBe(true);
        const ratio = marginRatio(p, mark);
        if (ratio !== null && ratio < ONE) expect(liquidatable).toBe(false);
      }),
      { numRuns: 4000, seed: SEED },
    );
  });

  it('moves the liquidation and bankruptcy price towards the entry as isolated leverage rises', () => {
    fc.assert(
      fc.property(position, fc.bigInt({ min: 1n, max: 125n }), (p, other) => {
        const n = notional(p.terms, p.qty, p.entry);
        const [low, high] = p.leverage < other ? [p.leverage, other] : [other, p.leverage];
        const at = (leverage: bigint): PositionRisk => ({
          ...p,
          backing: { mode: 'isolated', margin: initialMargin(n, leverage) },
        });
        // A long's never-liquidated is price 0, a short's is infinity.
        const none = p.qty > 0n ? 0n : 10n ** 60n;
        const further = (a: bigint | null, b: bigint | null) =>
          p.qty > 0n ? (a ?? none) <= (b ?? none) : (a ?? none) >= (b ?? none);
        expect(further(liquidationPrice(at(low)), liquidationPrice(at(high)))).toBe(true);
        expect(further(bankruptcyPrice(at(low)), bankruptcyPrice(at(high)))).toBe(true);
      }),
      { numRuns: 3000, seed: SEED },
    );
  });
});
