import { describe, expect, it } from 'vitest';
import { firstProviderLanguage, secondProviderLanguage } from './captcha-language.ts';

describe('captcha language maps (shell.md §5)', () => {
  it('maps the six site languages to the first provider', () => {
    expect(firstProviderLanguage('zh_CN')).toBe('cn');
    expect(firstProviderLanguage('el_GR')).toBe('tw');
    expect(firstProviderLanguage('en_US')).toBe('en');
    expect(firstProviderLanguage('ja_JP')).toBe('ja_JP');
    expect(firstProviderLanguage('ko_KR')).toBe('ko_KR');
    expect(firstProviderLanguage('vi_VN')).toBe('vi_VN');
  });

  it('maps the six site languages to the second provider', () => {
    expect(secondProviderLanguage('zh_CN')).toBe('zh-cn');
    expect(secondProviderLanguage('el_GR')).toBe('zh-hk');
    expect(secondProviderLanguage('en_US')).toBe('en');
    expect(secondProviderLanguage('ja_JP')).toBe('ja');
    expect(secondProviderLanguage('ko_KR')).toBe('ko');
    expect(secondProviderLanguage('vi_VN')).toBe('en');
  });

  it('falls back to English for anything unmapped', () => {
    expect(firstProviderLanguage('mn_MN')).toBe('en');
    expect(secondProviderLanguage('xx_XX')).toBe('en');
  });

  it('covers the other codes the providers support', () => {
    expect(firstProviderLanguage('ru_RU')).toBe('ru_RU');
    expect(firstProviderLanguage('pt_BR')).toBe('pt_BR');
    expect(secondProviderLanguage('ru_RU')).toBe('ru');
    expect(secondProviderLanguage('de_DE')).toBe('de');
  });
});
