import { describe, expect, it } from 'vitest';
import { AMOUNT_MAX_LENGTH, sanitizeAmountInput } from './amount-input.ts';

describe('sanitizeAmountInput', () => {
  it('keeps only digits and one dot', () => {
    expect(sanitizeAmountInput('1a2,3.4-5')).toBe('123.45');
    expect(sanitizeAmountInput('1.2.3')).toBe('1.23');
    expect(sanitizeAmountInput('-1 000')).toBe('1000');
  });

  it('keeps digits only when the precision is 0', () => {
    expect(sanitizeAmountInput('12.5', 0)).toBe('125');
  });

  it('truncates decimals to the precision, never rounding', () => {
    expect(sanitizeAmountInput('1.23999', 2)).toBe('1.23');
    expect(sanitizeAmountInput('1.', 2)).toBe('1.');
  });

  it('defaults to 10 decimals', () => {
    expect(sanitizeAmountInput('0.123456789012')).toBe('0.1234567890');
  });

  it('holds at most 13 characters', () => {
    expect(AMOUNT_MAX_LENGTH).toBe(13);
    expect(sanitizeAmountInput('12345678901234567')).toBe('1234567890123');
    expect(sanitizeAmountInput('123456.123456789', 10)).toBe('123456.123456');
  });

  it('leaves an empty value empty', () => {
    expect(sanitizeAmountInput('')).toBe('');
    expect(sanitizeAmountInput('abc')).toBe('');
  });
});
