import { changeLanguage as changeLanguageCall } from '@opex/contract/calls/common';
import { invoke } from '../../api/call.ts';
import { LANGUAGE_COOKIE } from '../../i18n/i18n.ts';
import type { Language } from '../../i18n/languages.ts';
import { writeCookie } from '../../state/cookies.ts';

/** The same page without a ?lang= that would undo the choice. */
export function samePathWithout(href: string): string {
  const url = new URL(href);
  url.searchParams.delete('lang');
  return url.pathname + url.search + url.hash;
}

/**
 * The spec's change flow: logged in, post the change first and reload only when it succeeded (a failure is
 * ignored); a visitor reloads at once. Either way the cookie carries the choice across the reload.
 */
export async function changeLanguage(lang: Language, isLogin: boolean, reload: (path: string) => void): Promise<void> {
  if (isLogin) {
    try {
      await invoke(changeLanguageCall, { language: lang });
    } catch {
      return;
    }
  }
  writeCookie(LANGUAGE_COOKIE, lang);
  reload(samePathWithout(location.href));
}
