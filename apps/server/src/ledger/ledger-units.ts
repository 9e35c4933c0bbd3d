import Big from 'big.js';

/**
 * Money inside the core as integers: every amount in units of 10^-18, the finest scale a coin may have (coin add
 * --scale allows 0 to 18), held in a bigint. Adding, comparing and truncating integers allocates far less than
 * big.js did on every posting, and stays exact; the database and the wire keep decimal strings, written with the
 * same text big.js gave (no trailing zeros).
 */
export const LEDGER_DIGITS = 18;
const ONE = 10n ** BigInt(LEDGER_DIGITS);
const POW10 = Array.from({ length: LEDGER_DIGITS + 1 }, (_, i) => 10n ** BigInt(i));

const decimal = /^(-?)(\d+)(?:\.(\d+))?$/;

/** A decimal string in ledger units; null when it is not a decimal or has more than 18 significant decimals. */
export function parseLedger(text: string): bigint | null {
  const m = decimal.exec(text);
  if (!m) return null;
  const fraction = (m[3] ?? '').replace(/0+$/, '');
  if (fraction.length > LEDGER_DIGITS) return null;
  const units = BigInt(m[2] as string) * ONE + BigInt(fraction.padEnd(LEDGER_DIGITS, '0') || '0');
  return m[1] ? -units : units;
}

/** Ledger units of a stored amount; throws on one that is not (a corrupt row, not a user's input). */
export function ledgerOf(text: string): bigint {
  const units = parseLedger(text);
  if (units === null) throw new Error(`not an amount in ledger units: ${text}`);
  return units;
}

/** The amount's text, as Big#toFixed() writes it: no exponent, no trailing zeros. */
export function ledgerText(units: bigint): string {
  const negative = units < 0n;
  const abs = negative ? -units : units;
  const whole = abs / ONE;
  const rest = abs % ONE;
  const sign = negative ? '-' : '';
  if (rest === 0n) return `${sign}${whole}`;
  return `${sign}${whole}.${rest.toString().padStart(LEDGER_DIGITS, '0').replace(/0+$/, '')}`;
}

/** `units` of 10^-digits (an engine count of ticks, lots or tick-lots) in ledger units; digits ≤ 18. */
export function ledgerFromUnits(units: number | bigint, digits: number): bigint {
  return BigInt(units) * (POW10[LEDGER_DIGITS - digits] as bigint);
}

/** Truncated towards zero to `digits` decimals: the one rounding the core does (fees). */
export function truncateLedger(units: bigint, digits: number): bigint {
  const step = POW10[LEDGER_DIGITS - digits] as bigint;
  return (units / step) * step;
}

/** A rate (a fee rate, a discount) as an exact multiplier: `amount × rate` is mulRate(amount, rateUnits(rate)). */
export const rateUnits = (rate: Big): bigint => ledgerOf(rate.toFixed());
/** amount × rate, truncated towards zero to ledger units. */
export const mulRate = (amount: bigint, rate: bigint): bigint => (amount * rate) / ONE;

export const ledgerToBig = (units: bigint): Big => new Big(ledgerText(units));
export const ledgerFromBig = (value: Big): bigint => ledgerOf(value.toFixed());

/** The amount with exactly `digits` decimals, rounded half up as Big#toFixed(digits) does. */
export function ledgerFixed(units: bigint, digits: number): string {
  const step = POW10[LEDGER_DIGITS - digits] as bigint;
  const negative = units < 0n;
  const abs = negative ? -units : units;
  const rounded = (abs + step / 2n) / step;
  const scale = POW10[digits] as bigint;
  const sign = negative && rounded > 0n ? '-' : '';
  if (digits === 0) return `${sign}${rounded}`;
  return `${sign}${rounded / scale}.${(rounded % scale).toString().padStart(digits, '0')}`;
}
