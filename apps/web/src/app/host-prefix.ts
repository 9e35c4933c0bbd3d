import { isLanguage } from '../i18n/languages.ts';

/**
 * The spec's addresses name a host type and a language before the page: /ex/{lang}/trade/BTC_USDT on the exchange
 * host, /otc/{lang}/... and /co/{lang}/... on the P2P and futures hosts (shell.md §2). One host serves them all here,
 * so such a path is the same page without the prefix, its language carried as ?lang= (which the start-up remembers).
 */
const prefixed = /^\/(?:ex|otc|co)\/([A-Za-z]{2}_[A-Za-z]{2})(\/.*)?$/;

/** The address to show instead of a host-prefixed one (relative to the app's base path), or null if it is not one. */
export function withoutHostPrefix(path: string, search: string): string | null {
  const match = prefixed.exec(path);
  if (!match) return null;
  const [, lang = '', rest = '/'] = match;
  const query = new URLSearchParams(search);
  if (isLanguage(lang)) query.set('lang', lang);
  const text = query.toString();
  return `${rest}${text ? `?${text}` : ''}`;
}
