/** Cookies the app keeps (lan, skin, remembered pop-ups): readable by the server, kept about 100 years. */
const HUNDRED_YEARS_SECONDS = 100 * 365 * 24 * 3600;

export function readCookie(name: string): string | undefined {
  const prefix = `${encodeURIComponent(name)}=`;
  for (const part of document.cookie.split(/;\s*/)) {
    if (part.startsWith(prefix)) return decodeURIComponent(part.slice(prefix.length));
  }
  return undefined;
}

export function writeCookie(name: string, value: string): void {
  // The Cookie Store API is not in every supported browser; this is the one place that writes cookies.
  // biome-ignore lint/suspicious/noDocumentCookie: see above
  document.cookie = `${encodeURIComponent(name)}=${encodeURIComponent(value)}; max-age=${HUNDRED_YEARS_SECONDS}; path=/; samesite=lax`;
}
