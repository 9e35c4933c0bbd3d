import { describe, expect, it } from 'vitest';
import { countryNamer, defaultPhoneCountry, phoneCodes } from './phone-codes.ts';

describe('the phone-code list', () => {
  const name = countryNamer('en_US');

  it('holds every country with its calling code, sorted by name', () => {
    const codes = phoneCodes([], name);
    expect(codes.find((c) => c.country === 'CN')).toEqual({ country: 'CN', name: 'China', callingCode: '86' });
    expect(codes.find((c) => c.country === 'US')?.callingCode).toBe('1');
    const names = codes.map((c) => c.name);
    expect(names).toEqual([...names].sort((a, b) => a.localeCompare(b)));
  });

  it('leaves out the restricted countries, whatever their case', () => {
    const codes = phoneCodes(['kp', 'IR'], name);
    expect(codes.some((c) => c.country === 'KP' || c.country === 'IR')).toBe(false);
    expect(codes.some((c) => c.country === 'CN')).toBe(true);
  });

  it('names countries in the reader language', () => {
    expect(countryNamer('zh_CN')('CN')).toBe('中国');
  });
});

describe('the default country of a calling code', () => {
  it("is the code's main country, else another allowed one, else none", () => {
    expect(defaultPhoneCountry('+1', [])).toMatchObject({ country: 'US', callingCode: '1' });
    expect(defaultPhoneCountry('44', [])).toMatchObject({ country: 'GB', callingCode: '44' });
    expect(defaultPhoneCountry('+1', ['US'])?.country).not.toBe('US');
    expect(defaultPhoneCountry('+850', ['KP'])).toBeUndefined();
    expect(defaultPhoneCountry(undefined, [])).toBeUndefined();
  });
});
