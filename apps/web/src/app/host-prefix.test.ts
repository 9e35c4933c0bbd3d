import { describe, expect, it } from 'vitest';
import { withoutHostPrefix } from './host-prefix.ts';

describe('host-prefixed paths', () => {
  it('serves /ex/{lang}/... as the same page with the language', () => {
    expect(withoutHostPrefix('/ex/en_US/trade/BTC_USDT', '')).toBe('/trade/BTC_USDT?lang=en_US');
    expect(withoutHostPrefix('/ex/zh_CN/innovation', '?a=1')).toBe('/innovation?a=1&lang=zh_CN');
    expect(withoutHostPrefix('/ex/ja_JP', '')).toBe('/?lang=ja_JP');
  });

  it('serves the P2P and futures hosts prefixes the same way', () => {
    expect(withoutHostPrefix('/otc/vi_VN/otcTrade', '')).toBe('/otcTrade?lang=vi_VN');
    expect(withoutHostPrefix('/co/ko_KR/trade', '')).toBe('/trade?lang=ko_KR');
  });

  it('keeps the page but not an unknown language', () => {
    expect(withoutHostPrefix('/ex/xx_YY/market', '')).toBe('/market');
  });

  it('leaves other paths alone', () => {
    expect(withoutHostPrefix('/trade/BTC_USDT', '')).toBeNull();
    expect(withoutHostPrefix('/exchange/en_US/x', '')).toBeNull();
    expect(withoutHostPrefix('/', '')).toBeNull();
  });
});
