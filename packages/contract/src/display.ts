/**
 * The spec's number and date display rules (platform.md §5, shell.md §9), as pure string functions.
 * Amounts and prices arrive as decimal strings and are never turned into floats here.
 */

// A decimal is its sign, integer digits and fraction digits as text; never a float.
interface DecimalParts {
  negative: boolean;
  integer: string;
  fraction: string;
}

const decimalPattern = /^([+-]?)(\d*)(?:\.(\d*))?$/;

/** Splits a decimal string, or answers null when it is empty, has no digits, or is not a plain decimal. */
function parseDecimal(value: string | null | undefined): DecimalParts | null {
  if (value == null) return null;
  const match = decimalPattern.exec(value.trim());
  if (!match) return null;
  const integer = match[2] ?? '';
  const fraction = match[3] ?? '';
  if (integer === '' && fraction === '') return null;
  return { negative: match[1] === '-', integer: integer === '' ? '0' : integer, fraction };
}

/** Shown instead of an empty or invalid value. */
export const EMPTY_DISPLAY = '--';
/** A displayed number is cut to this many characters. */
export const DISPLAY_MAX_LENGTH = 14;

/**
 * Cuts a decimal string to 14 characters. An integer part longer than 14 digits shows its first 14 digits and '+';
 * empty or invalid values show '--'. Cutting never rounds (truncate), and never leaves a trailing dot.
 */
export function formatDisplay(value: string | null | undefined): string {
  const parts = parseDecimal(value);
  if (!parts) return EMPTY_DISPLAY;
  const sign = parts.negative ? '-' : '';
  if (parts.integer.length > DISPLAY_MAX_LENGTH) return `${sign}${parts.integer.slice(0, DISPLAY_MAX_LENGTH)}+`;
  const whole = parts.fraction === '' ? parts.integer : `${parts.integer}.${parts.fraction}`;
  const cut = whole.slice(0, DISPLAY_MAX_LENGTH);
  return sign + (cut.endsWith('.') ? cut.slice(0, -1) : cut);
}

/** Groups the integer part every 3 digits with ',' ("1234567.5" -> "1,234,567.5"); invalid shows '--'. */
export function groupThousands(value: string | null | undefined): string {
  const parts = parseDecimal(value);
  if (!parts) return EMPTY_DISPLAY;
  const grouped = parts.integer.replace(/\B(?=(\d{3})+(?!\d))/g, ',');
  return (parts.negative ? '-' : '') + grouped + (parts.fraction === '' ? '' : `.${parts.fraction}`);
}

/**
 * Rounding mode truncate: keeps exactly `places` decimals, cutting toward zero and padding with zeros
 * ("1.239", 2 -> "1.23"; "5", 2 -> "5.00"). Invalid input shows '--'.
 */
export function truncateDecimal(value: string | null | undefined, places: number): string {
  const parts = parseDecimal(value);
  if (!parts) return EMPTY_DISPLAY;
  const digits = Math.max(0, Math.floor(places));
  const fraction = parts.fraction.slice(0, digits).padEnd(digits, '0');
  const isZero = /^0*$/.test(parts.integer) && /^0*$/.test(fraction);
  const sign = parts.negative && !isZero ? '-' : '';
  return sign + parts.integer + (digits === 0 ? '' : `.${fraction}`);
}

/**
 * An amount as every page shows it: truncated (never rounded) to `digits` decimals and padded to them, so a total
 * never drops decimals ("6500" at 2 -> "6,500.00"), grouped by thousands, and followed by its unit when one is given
 * ("150.00 USDT"). Quote-coin amounts (turnover, totals, order values, ledger amounts) take the quote coin's
 * precision; '--' when there is no amount.
 */
export function formatAmount(value: string | null | undefined, digits: number, unit?: string): string {
  const cut = truncateDecimal(value, digits);
  if (cut === EMPTY_DISPLAY) return cut;
  return unit ? `${groupThousands(cut)} ${unit}` : groupThousands(cut);
}

/** A coin's display precision (public info's coinList showPrecision), or `fallback` for a coin it does not list. */
export function coinDigits(
  coinList: Record<string, { showPrecision: number }>,
  coin: string,
  fallback: number,
): number {
  return coinList[coin]?.showPrecision ?? fallback;
}

const pad2 = (n: number) => String(n).padStart(2, '0');

/**
 * Formats epoch milliseconds as YYYY-MM-DD HH:mm:ss in local time. `utcOffsetMinutes` (east of UTC positive,
 * e.g. 480 for UTC+8) overrides the browser's zone, which keeps tests independent of the machine.
 */
export function formatDateTime(epochMs: number | null | undefined, utcOffsetMinutes?: number): string {
  if (epochMs == null || !Number.isFinite(epochMs)) return EMPTY_DISPLAY;
  const offset = utcOffsetMinutes ?? -new Date(epochMs).getTimezoneOffset();
  const shifted = new Date(epochMs + offset * 60_000);
  if (Number.isNaN(shifted.getTime())) return EMPTY_DISPLAY;
  const date = `${shifted.getUTCFullYear()}-${pad2(shifted.getUTCMonth() + 1)}-${pad2(shifted.getUTCDate())}`;
  const time = `${pad2(shifted.getUTCHours())}:${pad2(shifted.getUTCMinutes())}:${pad2(shifted.getUTCSeconds())}`;
  return `${date} ${time}`;
}
