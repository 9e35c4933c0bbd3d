import { LEDGER_DIGITS } from '../../ledger/ledger-units.ts';

/**
 * Exact rational numbers for the futures formulas: each formula is worked out exactly as a ratio of bigints and
 * rounded once, at the end, to ledger units (10^-18) in the direction the formula names. Intermediate values never
 * round, so the only error in any result is that one final rounding.
 */
export interface Ratio {
  n: bigint;
  /** Always positive. */
  d: bigint;
}

export const ONE = 10n ** BigInt(LEDGER_DIGITS);

export const ratio = (n: bigint, d = 1n): Ratio => (d < 0n ? { n: -n, d: -d } : { n, d });
/** An amount, price or rate in ledger units as the exact value it stands for. */
export const ledger = (units: bigint): Ratio => ({ n: units, d: ONE });

export const add = (a: Ratio, b: Ratio): Ratio => reduce(a.n * b.d + b.n * a.d, a.d * b.d);
export const sub = (a: Ratio, b: Ratio): Ratio => reduce(a.n * b.d - b.n * a.d, a.d * b.d);
export const mul = (a: Ratio, b: Ratio): Ratio => reduce(a.n * b.n, a.d * b.d);
export function div(a: Ratio, b: Ratio): Ratio {
  if (b.n === 0n) throw new RangeError('division by zero');
  return b.n < 0n ? reduce(-a.n * b.d, a.d * -b.n) : reduce(a.n * b.d, a.d * b.n);
}
export const neg = (a: Ratio): Ratio => ({ n: -a.n, d: a.d });
export const sign = (a: Ratio): -1 | 0 | 1 => (a.n > 0n ? 1 : a.n < 0n ? -1 : 0);
export const cmp = (a: Ratio, b: Ratio): -1 | 0 | 1 => sign(sub(a, b));
export const minOf = (a: Ratio, b: Ratio): Ratio => (cmp(a, b) <= 0 ? a : b);
export const maxOf = (a: Ratio, b: Ratio): Ratio => (cmp(a, b) >= 0 ? a : b);
export const clamp = (a: Ratio, low: Ratio, high: Ratio): Ratio => minOf(maxOf(a, low), high);

/** a / b rounded towards minus infinity (bigint division truncates towards zero). */
export function floorDiv(a: bigint, b: bigint): bigint {
  const q = a / b;
  return a % b !== 0n && a < 0n !== b < 0n ? q - 1n : q;
}
/** a / b rounded towards plus infinity. */
export const ceilDiv = (a: bigint, b: bigint): bigint => -floorDiv(-a, b);

/** The value in ledger units, rounded down (towards minus infinity). */
export const floorLedger = (a: Ratio): bigint => floorDiv(a.n * ONE, a.d);
/** The value in ledger units, rounded up (towards plus infinity). */
export const ceilLedger = (a: Ratio): bigint => ceilDiv(a.n * ONE, a.d);
/** The value in ledger units, rounded towards zero. */
export const truncLedger = (a: Ratio): bigint => (a.n * ONE) / a.d;

/** The ratio in lowest terms (what a result handed out should be: readable and comparable with toEqual). */
export function lowest({ n, d }: Ratio): Ratio {
  let a = n < 0n ? -n : n;
  let b = d;
  while (b !== 0n) [a, b] = [b, a % b];
  return a > 1n ? { n: n / a, d: d / a } : { n, d };
}

/** Above this a denominator is reduced: long chains (book walks, sums) stay small, short ones skip the gcd. */
const REDUCE_ABOVE = 1n << 512n;
const reduce = (n: bigint, d: bigint): Ratio => (d < REDUCE_ABOVE ? { n, d } : lowest({ n, d }));
