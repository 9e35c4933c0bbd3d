import Big from 'big.js';

/**
 * Decimal strings <-> the engine's integer units, exactly. A market with price precision p has a tick of 10^-p and
 * with volume precision v a lot of 10^-v; a value with more decimals than its unit is refused, never rounded.
 */
export type UnitsResult = { ok: true; units: number } | { ok: false; reason: 'precision' | 'range' };

/** `value` is a non-negative decimal string (the contract's pattern). */
export function toUnits(value: string, digits: number, max = Number.MAX_SAFE_INTEGER): UnitsResult {
  const [whole = '0', fraction = ''] = value.split('.');
  const significant = fraction.replace(/0+$/, '');
  if (significant.length > digits) return { ok: false, reason: 'precision' };
  const units = Number(`${whole}${significant.padEnd(digits, '0')}`);
  if (!Number.isSafeInteger(units) || units > max) return { ok: false, reason: 'range' };
  return { ok: true, units };
}

/** units × 10^-digits as an exact Big (built from exponent notation, so no division rounds it). */
export function unitsToBig(units: number | bigint, digits: number): Big {
  return new Big(`${units}e-${digits}`);
}

/** units × 10^-digits as a decimal string with exactly `digits` decimals. */
export function formatUnits(units: number | bigint, digits: number): string {
  return unitsToBig(units, digits).toFixed(digits);
}

/** Notional of `lots` at `ticks`, in the quote coin: ticks × lots × 10^-(p+v), exact (BigInt product). */
export function notional(ticks: number, lots: number, pricePrecision: number, volumePrecision: number): Big {
  return unitsToBig(BigInt(ticks) * BigInt(lots), pricePrecision + volumePrecision);
}

/** Truncates towards zero to `digits` decimals: the one rounding the core does (fees). */
export function truncate(value: Big, digits: number): Big {
  return value.round(digits, Big.roundDown);
}
