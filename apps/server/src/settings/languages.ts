/** Localised content falls back to this language when the caller's has none. */
export const FALLBACK_LANGUAGE = 'en_US';

/** The languages to read localised rows in, the caller's first. */
export function languageChain(lang: string): string[] {
  return lang === FALLBACK_LANGUAGE ? [FALLBACK_LANGUAGE] : [lang, FALLBACK_LANGUAGE];
}

/** Of rows in several languages, those in the caller's language if any, else those in the fallback language. */
export function inPreferredLanguage<T extends { lang: string }>(rows: T[], lang: string): T[] {
  const own = rows.filter((r) => r.lang === lang);
  return own.length ? own : rows.filter((r) => r.lang === FALLBACK_LANGUAGE);
}

/** A value from a { lang: text } map in the caller's language, else the fallback's, else ''. */
export function localised(map: Record<string, string>, lang: string): string {
  return map[lang] ?? map[FALLBACK_LANGUAGE] ?? '';
}
