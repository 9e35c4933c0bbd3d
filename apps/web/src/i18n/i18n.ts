import i18next from 'i18next';
import { initReactI18next } from 'react-i18next';
import { readCookie, writeCookie } from '../state/cookies.ts';
import { DEFAULT_LANGUAGE, htmlLang, isLanguage, type Language } from './languages.ts';
import type { Messages } from './messages.ts';

export const LANGUAGE_COOKIE = 'lan';

const loaders: Record<Language, () => Promise<{ messages: Messages }>> = {
  el_GR: () => import('./locales/el_GR.ts'),
  en_US: () => import('./locales/en_US.ts'),
  ja_JP: () => import('./locales/ja_JP.ts'),
  ko_KR: () => import('./locales/ko_KR.ts'),
  vi_VN: () => import('./locales/vi_VN.ts'),
  zh_CN: () => import('./locales/zh_CN.ts'),
};

/** The ?lang= parameter wins and is remembered in the cookie; then the cookie; then the site's default. */
export function resolveLanguage(search: string, siteDefault?: string): Language {
  const fromQuery = new URLSearchParams(search).get('lang');
  if (isLanguage(fromQuery)) {
    writeCookie(LANGUAGE_COOKIE, fromQuery);
    return fromQuery;
  }
  const fromCookie = readCookie(LANGUAGE_COOKIE);
  if (isLanguage(fromCookie)) return fromCookie;
  return isLanguage(siteDefault) ? siteDefault : DEFAULT_LANGUAGE;
}

/** Starts loading a language's messages ahead of startI18n (the module is fetched once). */
export function preloadMessages(lang: Language): void {
  void loaders[lang]().catch(() => undefined);
}

/** Loads only the active language's messages, so the other five stay out of the initial download. */
export async function startI18n(lang: Language): Promise<void> {
  const { messages } = await loaders[lang]();
  document.documentElement.lang = htmlLang[lang];
  await i18next.use(initReactI18next).init({
    lng: lang,
    resources: { [lang]: { translation: messages } },
    interpolation: { escapeValue: false },
    returnNull: false,
  });
}

export function currentLanguage(): Language {
  return isLanguage(i18next.language) ? i18next.language : DEFAULT_LANGUAGE;
}
