import Big from 'big.js';

/**
 * Decimal strings <-> the engine's integer units, exactly. A market with price precision p has a tick of 10^-p and
 * with volume precision v a lot of 10^-v; a value with more decimals than its unit is refused, never rounded.
 */
export type UnitsResult = { ok: true; units: number } | { ok: false; reason: 'precision' | 'range' };

/** `value` is a non-negative decimal string (the contract's pattern). */
export function toUnits(value: string, digits: number, max = Number.MAX_SAFE_INTEGER): UnitsResult {
  const units = unitsAt(value, 0, value.length, digits);
  if (units === NOT_EXACT) return { ok: false, reason: 'precision' };
  if (units < 0 || units > max) return { ok: false, reason: 'range' };
  return { ok: true, units };
}

/** unitsAt: more significant decimals than the unit has. */
export const NOT_EXACT = -1;
/** unitsAt: not a non-negative decimal, or not a safe integer in units. */
export const NOT_UNITS = -2;
const POW10 = Array.from({ length: 23 }, (_, i) => 10 ** i);

/**
 * The non-negative decimal text[start, end) in units of 10^-digits (digits ≤ 22), or NOT_EXACT / NOT_UNITS. Reads
 * characters and builds no string: the start converts millions of stored amounts this way.
 */
export function unitsAt(text: string, start: number, end: number, digits: number): number {
  let units = 0;
  // -1 until the point; then decimals read (beyond `digits` only zeros may follow).
  let decimals = -1;
  let digitsSeen = 0;
  for (let i = start; i < end; i++) {
    const c = text.charCodeAt(i) - 48;
    if (c === -2 && decimals === -1) decimals = 0;
    else if (c < 0 || c > 9) return NOT_UNITS;
    else {
      digitsSeen++;
      if (decimals === -1) units = units * 10 + c;
      else if (decimals < digits) {
        units = units * 10 + c;
        decimals++;
      } else if (c !== 0) return NOT_EXACT;
    }
  }
  if (digitsSeen === 0) return NOT_UNITS;
  // Every step only grows `units`, so a result within the safe range was exact all along.
  units *= POW10[digits - (decimals === -1 ? 0 : decimals)] as number;
  return units <= Number.MAX_SAFE_INTEGER ? units : NOT_UNITS;
}

/** units × 10^-digits as an exact Big (built from exponent notation, so no division rounds it). */
export function unitsToBig(units: number | bigint, digits: number): Big {
  return new Big(`${units}e-${digits}`);
}

/** units × 10^-digits as a decimal string with exactly `digits` decimals. */
export function formatUnits(units: number | bigint, digits: number): string {
  return unitsToBig(units, digits).toFixed(digits);
}

/** The same text as formatUnits without building a Big, for many values at once (the demo's seeded candles). */
export function unitsText(units: number | bigint, digits: number): string {
  const text = String(units).padStart(digits + 1, '0');
  return digits === 0 ? text : `${text.slice(0, -digits)}.${text.slice(-digits)}`;
}

/** Notional of `lots` at `ticks`, in the quote coin: ticks × lots × 10^-(p+v), exact (BigInt product). */
export function notional(ticks: number, lots: number, pricePrecision: number, volumePrecision: number): Big {
  return unitsToBig(BigInt(ticks) * BigInt(lots), pricePrecision + volumePrecision);
}
