import Big from 'big.js';
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import {
  LEDGER_DIGITS,
  ledgerFixed,
  ledgerFromUnits,
  ledgerOf,
  ledgerText,
  mulRate,
  parseLedger,
  truncateLedger,
} from './ledger-units.ts';

/** A decimal string of up to 18 decimals, signed, as stored amounts are. */
const amount = fc
  .tuple(fc.boolean(), fc.bigInt({ min: 0n, max: 10n ** 30n }), fc.integer({ min: 0, max: LEDGER_DIGITS }))
  .map(([negative, units, digits]) => new Big(`${negative ? '-' : ''}${units}e-${digits}`).toFixed());

describe('ledger units against big.js', () => {
  it('read and write every amount of up to 18 decimals as big.js writes it', () => {
    fc.assert(
      fc.property(amount, (text) => {
        expect(ledgerText(ledgerOf(text))).toBe(new Big(text).toFixed());
      }),
      { numRuns: 5000 },
    );
  });

  it('add exactly', () => {
    fc.assert(
      fc.property(amount, amount, (a, b) => {
        expect(ledgerText(ledgerOf(a) + ledgerOf(b))).toBe(new Big(a).plus(b).toFixed());
      }),
      { numRuns: 5000 },
    );
  });

  it('take a fee as big.js did: amount × rate truncated to the coin scale', () => {
    const rate = fc.integer({ min: 0, max: 10 ** 6 }).map((n) => new Big(`${n}e-6`).toFixed());
    fc.assert(
      fc.property(amount, rate, fc.integer({ min: 0, max: LEDGER_DIGITS }), (a, r, scale) => {
        const positive = new Big(a).abs().toFixed();
        const expected = new Big(positive).times(r).round(scale, Big.roundDown).toFixed();
        expect(ledgerText(truncateLedger(mulRate(ledgerOf(positive), ledgerOf(r)), scale))).toBe(expected);
      }),
      { numRuns: 5000 },
    );
  });

  // Prices, volumes and sums shown this way are never negative (big.js would write a rounded -0.1 as "-0").
  it('write a non-negative amount with a fixed number of decimals as Big#toFixed(digits) does', () => {
    fc.assert(
      fc.property(amount, fc.integer({ min: 0, max: LEDGER_DIGITS }), (signed, digits) => {
        const a = new Big(signed).abs().toFixed();
        expect(ledgerFixed(ledgerOf(a), digits)).toBe(new Big(a).toFixed(digits));
      }),
      { numRuns: 5000 },
    );
  });

  it('turn engine units of 10^-digits into ledger units exactly', () => {
    fc.assert(
      fc.property(fc.integer({ min: 0, max: Number.MAX_SAFE_INTEGER }), fc.integer({ min: 0, max: 18 }), (u, d) => {
        expect(ledgerText(ledgerFromUnits(u, d))).toBe(new Big(`${u}e-${d}`).toFixed());
      }),
      { numRuns: 2000 },
    );
  });

  it('refuse what is not an amount of at most 18 decimals', () => {
    for (const bad of ['', '-', '1.', '.5', '1e5', '0.0000000000000000001', 'abc', '1,5']) {
      expect(parseLedger(bad)).toBeNull();
    }
    expect(parseLedger('0.1000000000000000000000')).toBe(10n ** 17n);
  });
});
