/**
 * The spec's amount-input rule (platform.md §5, §9): what a typed amount or price becomes before it is kept.
 * Pure string work, so server-side validation and the web's input share it.
 */

/** Decimals kept when a field names no precision. */
export const DEFAULT_AMOUNT_PRECISION = 10;
/** An amount field holds at most this many characters. */
export const AMOUNT_MAX_LENGTH = 13;

/**
 * Keeps only digits and the first dot (digits only when precision is 0), truncates the decimals to `precision`,
 * and cuts the whole to 13 characters. Truncation is the rounding mode: nothing is ever rounded up.
 */
export function sanitizeAmountInput(raw: string, precision: number = DEFAULT_AMOUNT_PRECISION): string {
  const places = Math.max(0, Math.floor(precision));
  const kept = raw.replace(places === 0 ? /\D/g : /[^\d.]/g, '');
  const dot = kept.indexOf('.');
  let value = kept;
  if (dot !== -1) {
    const fraction = kept
      .slice(dot + 1)
      .replace(/\./g, '')
      .slice(0, places);
    value = `${kept.slice(0, dot)}.${fraction}`;
  }
  return value.slice(0, AMOUNT_MAX_LENGTH);
}
