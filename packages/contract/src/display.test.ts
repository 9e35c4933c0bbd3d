import { describe, expect, it } from 'vitest';
import { coinDigits, formatAmount, formatDateTime, formatDisplay, groupThousands, truncateDecimal } from './display.ts';

describe('formatDisplay', () => {
  it('shows -- for empty or invalid values', () => {
    for (const bad of [undefined, null, '', '  ', 'abc', '1.2.3', '.', '-', '1e5', 'NaN']) {
      expect(formatDisplay(bad)).toBe('--');
    }
  });

  it('keeps values of up to 14 characters as they are', () => {
    expect(formatDisplay('0.5')).toBe('0.5');
    expect(formatDisplay('12345678.12345')).toBe('12345678.12345');
  });

  it('cuts longer values to 14 characters without rounding', () => {
    expect(formatDisplay('12345678.123456789')).toBe('12345678.12345');
    expect(formatDisplay('0.99999999999999999')).toBe('0.999999999999');
  });

  it('never leaves a trailing dot after the cut', () => {
    expect(formatDisplay('1234567890123.45')).toBe('1234567890123');
  });

  it("shows 14 integer digits and '+' when the integer part is longer than 14", () => {
    expect(formatDisplay('123456789012345.6')).toBe('12345678901234+');
    expect(formatDisplay('12345678901234')).toBe('12345678901234');
  });

  it('keeps the sign outside the 14 characters count', () => {
    expect(formatDisplay('-1.5')).toBe('-1.5');
  });
});

describe('groupThousands', () => {
  it('groups the integer part every 3 digits', () => {
    expect(groupThousands('1234567.891')).toBe('1,234,567.891');
    expect(groupThousands('123')).toBe('123');
    expect(groupThousands('1000')).toBe('1,000');
    expect(groupThousands('-1234')).toBe('-1,234');
  });

  it('never groups the decimals', () => {
    expect(groupThousands('0.12345678')).toBe('0.12345678');
  });

  it('shows -- for invalid values', () => {
    expect(groupThousands('12a')).toBe('--');
  });
});

describe('truncateDecimal', () => {
  it('cuts toward zero, never rounding', () => {
    expect(truncateDecimal('1.239', 2)).toBe('1.23');
    expect(truncateDecimal('-1.239', 2)).toBe('-1.23');
  });

  it('pads to exactly N places', () => {
    expect(truncateDecimal('5', 2)).toBe('5.00');
    expect(truncateDecimal('.5', 3)).toBe('0.500');
  });

  it('drops the dot at 0 places', () => {
    expect(truncateDecimal('7.99', 0)).toBe('7');
  });

  it('does not show a negative zero', () => {
    expect(truncateDecimal('-0.001', 2)).toBe('0.00');
  });

  it('shows -- for invalid values', () => {
    expect(truncateDecimal('x', 2)).toBe('--');
  });
});

describe('formatAmount', () => {
  it('shows an amount at its precision, never dropping or rounding decimals, with its unit', () => {
    expect(formatAmount('6500', 2, 'USDT')).toBe('6,500.00 USDT');
    // The exact product of a price and an amount, truncated to the quote precision: never rounded up.
    expect(formatAmount('8028.659999', 2, 'USDT')).toBe('8,028.65 USDT');
    expect(formatAmount('150', 2, 'USDT')).toBe('150.00 USDT');
    expect(formatAmount('-0.004', 2, 'USDT')).toBe('0.00 USDT');
    expect(formatAmount('-1234.5', 4, 'BTC')).toBe('-1,234.5000 BTC');
    expect(formatAmount('7494.72373', 2)).toBe('7,494.72');
    expect(formatAmount('', 2, 'USDT')).toBe('--');
    expect(formatAmount(undefined, 2, 'USDT')).toBe('--');
  });

  it('takes a coin precision from the coin list, or a fallback for a coin it does not list', () => {
    const coins = { USDT: { showPrecision: 2 }, BTC: { showPrecision: 6 } };
    expect(coinDigits(coins, 'USDT', 8)).toBe(2);
    expect(coinDigits(coins, 'XYZ', 8)).toBe(8);
  });
});

describe('formatDateTime', () => {
  const instant = Date.UTC(2024, 0, 2, 3, 4, 5); // 2024-01-02 03:04:05 UTC

  it('formats as YYYY-MM-DD HH:mm:ss with zero padding', () => {
    expect(formatDateTime(instant, 0)).toBe('2024-01-02 03:04:05');
  });

  it('applies the given offset from UTC', () => {
    expect(formatDateTime(instant, 480)).toBe('2024-01-02 11:04:05');
    expect(formatDateTime(instant, -300)).toBe('2024-01-01 22:04:05');
  });

  it("uses the machine's zone when no offset is given", () => {
    const local = new Date(instant);
    const expected = `${local.getFullYear()}-${String(local.getMonth() + 1).padStart(2, '0')}-${String(local.getDate()).padStart(2, '0')}`;
    expect(formatDateTime(instant).startsWith(expected)).toBe(true);
  });

  it('shows -- for missing or invalid instants', () => {
    expect(formatDateTime(undefined)).toBe('--');
    expect(formatDateTime(Number.NaN)).toBe('--');
  });
});
