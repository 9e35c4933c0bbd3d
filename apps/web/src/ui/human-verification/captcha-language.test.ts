import { describe, expect, it } from 'vitest';
import { aliyunLanguage, geetestLanguage } from './captcha-language.ts';

describe('captcha language maps', () => {
  it('maps site languages to the first provider codes, English by default', () => {
    expect(geetestLanguage('zh_CN')).toBe('cn');
    expect(geetestLanguage('el_GR')).toBe('tw');
    expect(geetestLanguage('en_US')).toBe('en');
    expect(geetestLanguage('ja_JP')).toBe('ja_JP');
    expect(geetestLanguage('ko_KR')).toBe('ko_KR');
    expect(geetestLanguage('vi_VN')).toBe('vi_VN');
    expect(geetestLanguage('id_ID')).toBe('in_ID');
    expect(geetestLanguage('mn_MN')).toBe('en');
  });

  it('maps site languages to the second provider codes, English by default', () => {
    expect(aliyunLanguage('zh_CN')).toBe('zh-cn');
    expect(aliyunLanguage('el_GR')).toBe('zh-hk');
    expect(aliyunLanguage('ja_JP')).toBe('ja');
    expect(aliyunLanguage('ko_KR')).toBe('ko');
    expect(aliyunLanguage('ru_RU')).toBe('ru');
    expect(aliyunLanguage('vi_VN')).toBe('en');
    expect(aliyunLanguage('en_US')).toBe('en');
  });
});
