/** The restricted country names the region check answered with, kept for the serviceLimit page (spec §8). */
export const LIMIT_COUNTRY_NAMES_KEY = 'LimitCountryNames';

export function saveLimitCountryNames(names: string): void {
  sessionStorage.setItem(LIMIT_COUNTRY_NAMES_KEY, names);
}

export function readLimitCountryNames(): string {
  return sessionStorage.getItem(LIMIT_COUNTRY_NAMES_KEY) ?? '';
}
