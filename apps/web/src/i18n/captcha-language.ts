import type { Language } from './languages.ts';

/**
 * Captcha providers speak their own language codes (shell.md §5); anything unmapped falls back to English.
 * Sites may run in languages beyond the six (ru_RU, ...), so the maps take any code.
 */
const firstProvider: Record<string, string> = {
  zh_CN: 'cn',
  el_GR: 'tw',
  en_US: 'en',
  ar_SA: 'ar_SA',
  de_DE: 'de_DE',
  es_ES: 'es_ES',
  fr_FR: 'fr_FR',
  in_ID: 'in_ID',
  id_ID: 'in_ID',
  it_IT: 'it_IT',
  iw_HE: 'iw_HE',
  ja_JP: 'ja_JP',
  ko_KR: 'ko_KR',
  nl_NL: 'nl_NL',
  pt_BR: 'pt_BR',
  ru_RU: 'ru_RU',
  th_TH: 'th_TH',
  tr_TR: 'tr_TR',
  vi_VN: 'vi_VN',
};

const secondProvider: Record<string, string> = {
  zh_CN: 'zh-cn',
  el_GR: 'zh-hk',
  pt_PT: 'pt-pt',
  pt_BR: 'pt-pt',
  en_US: 'en',
  ja_JP: 'ja',
  id_ID: 'id',
  in_ID: 'id',
  ko_KR: 'ko',
  ru_RU: 'ru',
  ar_SA: 'ar',
  es_ES: 'es',
  fr_FR: 'fr',
  de_DE: 'de',
};

export function firstProviderLanguage(lang: Language | string): string {
  return firstProvider[lang] ?? 'en';
}

export function secondProviderLanguage(lang: Language | string): string {
  return secondProvider[lang] ?? 'en';
}
