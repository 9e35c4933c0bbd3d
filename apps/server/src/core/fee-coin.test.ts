import Big from 'big.js';
import { describe, expect, it } from 'vitest';
import { divRoundUp, platformFee, validDiscount, validFeeCoin } from './fee-coin.ts';

describe('platform-coin fees', () => {
  const config = { coin: 'OPX', discount: new Big('0.75'), scale: 4 };

  it('converts at the direct price, rounding up to the coin scale, exactly', () => {
    // 8 × 0.75 ÷ 0.37 = 16.2162162…
    expect(platformFee(config, new Big(8), 'USDT', { direct: { ticks: 3700, precision: 4 } })?.toFixed()).toBe(
      '16.2163',
    );
    // An exact quotient is not rounded: 3 × 0.75 ÷ 0.5 = 4.5.
    expect(platformFee(config, new Big(3), 'USDT', { direct: { ticks: 5, precision: 1 } })?.toFixed()).toBe('4.5');
    // The smallest fee still costs one unit of the platform coin.
    expect(platformFee(config, new Big('0.00000001'), 'USDT', { direct: { ticks: 37, precision: 2 } })?.toFixed()).toBe(
      '0.0001',
    );
  });

  it('converts at the inverse price (fee coin priced in the platform coin) and takes OPX fees as they are', () => {
    // 0.0004 BTC × 0.75 × 54054.05 OPX/BTC = 16.216215 -> 16.2163
    expect(
      platformFee(config, new Big('0.0004'), 'BTC', { inverse: { ticks: 5405405, precision: 2 } })?.toFixed(),
    ).toBe('16.2163');
    expect(platformFee(config, new Big('0.02'), 'OPX', {})?.toFixed()).toBe('0.015');
    expect(platformFee(config, new Big('0.00001'), 'OPX', {})?.toFixed()).toBe('0.0001');
  });

  it('has no answer without a price', () => {
    expect(platformFee(config, new Big(8), 'USDT', {})).toBeNull();
    expect(platformFee(config, new Big(8), 'USDT', { direct: { ticks: 0, precision: 4 } })).toBeNull();
  });

  it('divides with a ceiling in BigInt, for large and small scales', () => {
    expect(divRoundUp(new Big('1'), 3, 0, 8).toFixed()).toBe('0.33333334');
    expect(divRoundUp(new Big('123456789012345678.9'), 7, 3, 2).toFixed()).toBe('17636684144620811271.43');
    expect(divRoundUp(new Big('0.000001'), 1, 8, 0).toFixed()).toBe('100');
  });

  it('checks the operator settings', () => {
    expect(['0.75', '1', '0.5'].every(validDiscount)).toBe(true);
    expect(['0', '1.5', '-0.5', 'abc', 0.75, ''].some(validDiscount)).toBe(false);
    expect(['OPX', '', 'ht'].every(validFeeCoin)).toBe(true);
    expect(['OP X', 5, 'x'.repeat(21)].some(validFeeCoin)).toBe(false);
  });
});
