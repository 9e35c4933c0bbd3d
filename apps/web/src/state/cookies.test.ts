import { afterEach, describe, expect, it, vi } from 'vitest';
import { readCookie, writeCookie } from './cookies.ts';

describe('cookies', () => {
  afterEach(() => vi.restoreAllMocks());

  it('live about 100 years, at the root path', () => {
    const set = vi.spyOn(document, 'cookie', 'set');
    writeCookie('lan', 'zh_CN');
    const written = String(set.mock.calls[0]?.[0]);
    expect(written).toContain('lan=zh_CN');
    expect(written).toContain(`max-age=${100 * 365 * 24 * 3600}`);
    expect(written).toContain('path=/');
  });

  it('read back encoded values', () => {
    writeCookie('homePopupSeen', '["1_2"]');
    expect(readCookie('homePopupSeen')).toBe('["1_2"]');
    expect(readCookie('absent')).toBeUndefined();
  });
});
