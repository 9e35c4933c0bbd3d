/** The six languages of the spec, their own names, and each one's default fiat (platform.md §3). */
export const LANGUAGES = ['el_GR', 'en_US', 'ja_JP', 'ko_KR', 'vi_VN', 'zh_CN'] as const;
export type Language = (typeof LANGUAGES)[number];
export const DEFAULT_LANGUAGE: Language = 'en_US';

/** el_GR is the original's Traditional Chinese slot (contract-notes.md), not Greek. */
export const languageNames: Record<Language, string> = {
  el_GR: '繁體中文',
  en_US: 'English',
  ja_JP: '日本語',
  ko_KR: '한국어',
  vi_VN: 'Tiếng Việt',
  zh_CN: '简体中文',
};

export const defaultFiat: Record<string, string> = {
  zh_CN: 'cny',
  en_US: 'usd',
  el_GR: 'cny',
  ko_KR: 'krw',
  mn_MN: 'mnt',
  ru_RU: 'rub',
  ja_JP: 'jpy',
};

/** The BCP 47 tag for <html lang> and Intl. */
export const htmlLang: Record<Language, string> = {
  el_GR: 'zh-Hant',
  en_US: 'en',
  ja_JP: 'ja',
  ko_KR: 'ko',
  vi_VN: 'vi',
  zh_CN: 'zh-Hans',
};

export function isLanguage(value: string | null | undefined): value is Language {
  return (LANGUAGES as readonly string[]).includes(value ?? '');
}
