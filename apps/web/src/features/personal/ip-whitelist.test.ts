import { MAX_WHITELIST_IPS } from '@opex/contract/calls/open-api';
import { describe, expect, it } from 'vitest';
import { checkIpWhitelist, isValidApiLabel } from './ip-whitelist.ts';

describe('the IP whitelist of an API key', () => {
  it('takes dotted quads with octets 0-255, separated by commas, spaces or lines', () => {
    expect(checkIpWhitelist('1.2.3.4, 10.0.0.1\n255.255.255.255')).toEqual({
      value: '1.2.3.4,10.0.0.1,255.255.255.255',
      invalid: [],
      tooMany: false,
      ok: true,
    });
  });

  it('accepts empty (any address) and drops duplicates', () => {
    expect(checkIpWhitelist('  ').ok).toBe(true);
    expect(checkIpWhitelist('').value).toBe('');
    expect(checkIpWhitelist('1.1.1.1,1.1.1.1').value).toBe('1.1.1.1');
  });

  it('names every address that is not a dotted quad', () => {
    const check = checkIpWhitelist('1.2.3.4, 256.1.1.1, 1.2.3, 01.2.3.4, a.b.c.d, 1.2.3.4.5');
    expect(check.ok).toBe(false);
    expect(check.invalid).toEqual(['256.1.1.1', '1.2.3', '01.2.3.4', 'a.b.c.d', '1.2.3.4.5']);
  });

  it('refuses more addresses than the contract allows', () => {
    const ips = Array.from({ length: MAX_WHITELIST_IPS + 1 }, (_, i) => `10.0.0.${i}`).join(',');
    expect(checkIpWhitelist(ips)).toMatchObject({ tooMany: true, ok: false });
  });
});

describe('the label of an API key', () => {
  it('is 1 to 40 characters after trimming', () => {
    expect(isValidApiLabel('bot')).toBe(true);
    expect(isValidApiLabel('   ')).toBe(false);
    expect(isValidApiLabel('x'.repeat(41))).toBe(false);
  });
});
