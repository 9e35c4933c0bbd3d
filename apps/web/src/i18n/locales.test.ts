import { errorMessages } from '@opex/contract/error-codes';
import { describe, expect, it } from 'vitest';
import { LANGUAGES } from './languages.ts';
import { messages as el_GR } from './locales/el_GR.ts';
import { messages as en_US } from './locales/en_US.ts';
import { messages as ja_JP } from './locales/ja_JP.ts';
import { messages as ko_KR } from './locales/ko_KR.ts';
import { messages as vi_VN } from './locales/vi_VN.ts';
import { messages as zh_CN } from './locales/zh_CN.ts';

const locales: Record<string, unknown> = { el_GR, en_US, ja_JP, ko_KR, vi_VN, zh_CN };

function keys(value: unknown, prefix = ''): string[] {
  if (typeof value !== 'object' || value === null) return [prefix];
  return Object.entries(value).flatMap(([k, v]) => keys(v, prefix ? `${prefix}.${k}` : k));
}

function leaf(value: unknown, path: string): unknown {
  return path.split('.').reduce<unknown>((node, k) => (node as Record<string, unknown>)?.[k], value);
}

describe('locales', () => {
  it('exist for exactly the six languages', () => {
    expect(Object.keys(locales).sort()).toEqual([...LANGUAGES].sort());
  });

  const english = keys(en_US).sort();

  it.each(Object.keys(locales))('%s has every key English has, and no other', (lang) => {
    const own = keys(locales[lang]).sort();
    expect(english.filter((k) => !own.includes(k))).toEqual([]);
    expect(own.filter((k) => !english.includes(k))).toEqual([]);
  });

  it.each(Object.keys(locales))('%s has no empty message', (lang) => {
    const empty = keys(locales[lang]).filter((k) => String(leaf(locales[lang], k)).trim() === '');
    expect(empty).toEqual([]);
  });

  it.each(Object.keys(locales))('%s translates every error code of the contract', (lang) => {
    const missing = Object.keys(errorMessages).filter(
      (code) => typeof leaf(locales[lang], `error.${code}`) !== 'string',
    );
    expect(missing).toEqual([]);
  });

  it('keeps interpolation placeholders in every translation', () => {
    for (const key of english) {
      const wanted = String(leaf(en_US, key)).match(/\{\{\w+\}\}/g) ?? [];
      for (const lang of Object.keys(locales)) {
        const text = String(leaf(locales[lang], key));
        for (const placeholder of wanted) expect(text, `${lang} ${key}`).toContain(placeholder);
      }
    }
  });

  it('labels el_GR as Traditional Chinese text', () => {
    expect(el_GR.nav.login).toBe('登入');
    expect(zh_CN.nav.login).toBe('登录');
    // Despite its code, no el_GR message is Greek.
    const greek = keys(el_GR).filter((k) => /[\u0370-\u03ff]/.test(String(leaf(el_GR, k))));
    expect(greek).toEqual([]);
  });
});
