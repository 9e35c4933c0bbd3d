import { describe, expect, it } from 'vitest';
import { displayNumber, displayRose } from './market-format.ts';

describe('market overview numbers', () => {
  it('groups thousands by 3 after cutting to 14 characters', () => {
    expect(displayNumber('1234567.891')).toBe('1,234,567.891');
    expect(displayNumber('12345678.123456789')).toBe('12,345,678.12345');
    expect(displayNumber('123456789012345678')).toBe('12,345,678,901,234+');
  });

  it("shows '--' for empty or invalid values", () => {
    expect(displayNumber('--')).toBe('--');
    expect(displayNumber('')).toBe('--');
    expect(displayNumber('abc')).toBe('--');
  });

  it('shows rose as an exact signed percentage', () => {
    expect(displayRose('0.0123')).toEqual({ text: '+1.23%', direction: 'rise' });
    expect(displayRose('-0.00019')).toEqual({ text: '-0.01%', direction: 'fall' });
    expect(displayRose('0')).toEqual({ text: '0.00%', direction: 'flat' });
    expect(displayRose('x')).toEqual({ text: '--', direction: 'flat' });
  });
});
