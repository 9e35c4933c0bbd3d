import { getCountries, getCountryCallingCode } from 'libphonenumber-js/min';
import type { SettingsStore } from '../settings/settings-store.ts';

/**
 * The phone-code list (countries and their calling codes, from libphonenumber's metadata) minus the restricted
 * countries. A calling code shared by several countries (1, 7, 44...) stays offered while any of them is allowed.
 */
export async function countryCodeOffered(settings: SettingsStore, countryCode: string): Promise<boolean> {
  const restricted = new Set((await settings.restrictedCountries()).map((c) => c.toUpperCase()));
  return getCountries().some((country) => getCountryCallingCode(country) === countryCode && !restricted.has(country));
}
