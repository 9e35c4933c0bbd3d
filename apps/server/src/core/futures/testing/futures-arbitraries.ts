import Big from 'big.js';
import fc from 'fast-check';
import { ledgerText } from '../../../ledger/ledger-units.ts';
import { type Bracket, buildBrackets, type TierInput } from '../brackets.ts';
import type { ContractTerms } from '../contract-value.ts';

/**
 * What the futures property tests draw (contracts, prices, quantities, brackets around a notional) and the plain
 * big.js arithmetic they check the modules against: textbook formulas, multiplied through so no division rounds.
 */
export const ONE = 10n ** 18n;
/** An amount in ledger units as an exact big.js number. */
export const big = (units: bigint): Big => new Big(ledgerText(units));
/** A decimal as ledger units (test inputs written as text). */
export const units = (text: string): bigint => BigInt(new Big(text).times(new Big(10).pow(18)).toFixed(0));

export const terms: fc.Arbitrary<ContractTerms> = fc.oneof(
  // Linear: 0.0001 to 900 base coin a contract.
  fc
    .record({ digit: fc.bigInt({ min: 1n, max: 9n }), exp: fc.integer({ min: 14, max: 20 }) })
    .map(({ digit, exp }) => ({ kind: 'linear' as const, multiplier: digit * 10n ** BigInt(exp) })),
  // Inverse: 1, 10 or 100 quote coin a contract.
  fc.constantFrom(1n, 10n, 100n).map((m) => ({ kind: 'inverse' as const, multiplier: m * ONE })),
);

/** A price from 0.0001 to 1,000,000 with up to 8 decimals. */
export const price = fc.bigInt({ min: 10n ** 4n, max: 10n ** 14n }).map((p) => p * 10n ** 10n);
/** Whole contracts. */
export const contracts = fc.bigInt({ min: 1n, max: 1_000_000n });

/**
 * 1 to 5 tiers with caps spread around `around` (a notional: 1% to 20 times it), leverage falling and the
 * maintenance rate rising, at most half the initial margin rate.
 */
export const bracketsAround = (around: bigint): fc.Arbitrary<Bracket[]> =>
  fc
    .record({
      caps: fc.uniqueArray(fc.integer({ min: 10, max: 20_000 }), { minLength: 1, maxLength: 5 }),
      leverage: fc.array(fc.integer({ min: 1, max: 125 }), { minLength: 5, maxLength: 5 }),
      rates: fc.array(fc.integer({ min: 1, max: 100 }), { minLength: 5, maxLength: 5 }),
    })
    .map(({ caps, leverage, rates }) => {
      const sorted = [...caps].sort((a, b) => a - b);
      const levels = [...leverage].sort((a, b) => b - a);
      const tiers: TierInput[] = [];
      let rate = 0n;
      for (const [i, cap] of sorted.entries()) {
        const maxLeverage = BigInt(levels[i] as number);
        const ceiling = ONE / (2n * maxLeverage);
        rate = rate + ((ceiling - rate) * BigInt(rates[i] as number)) / 100n || 1n;
        tiers.push({ maxNotional: (around * BigInt(cap)) / 1000n + BigInt(i + 1), maxLeverage, maintenanceRate: rate });
      }
      return buildBrackets(tiers);
    });

/** The reference tier of a notional (big.js): the first whose cap it does not exceed, else the last. */
export function referenceTier(brackets: readonly Bracket[], fits: (cap: Big) => boolean) {
  const found = brackets.findIndex((b) => fits(big(b.maxNotional)));
  const i = found < 0 ? brackets.length - 1 : found;
  const tier = brackets[i] as Bracket;
  return { rate: big(tier.maintenanceRate), cum: referenceCum(brackets, i) };
}

/** cum by the Binance formula, summed in big.js from the tiers themselves (not from the module's cum). */
export function referenceCum(brackets: readonly Bracket[], index: number): Big {
  let cum = new Big(0);
  for (let i = 1; i <= index; i++) {
    const [below, tier] = [brackets[i - 1] as Bracket, brackets[i] as Bracket];
    cum = cum.plus(big(below.maxNotional).times(big(tier.maintenanceRate).minus(big(below.maintenanceRate))));
  }
  return cum;
}

export const sgn = (v: Big): -1 | 0 | 1 => (v.gt(0) ? 1 : v.lt(0) ? -1 : 0);
