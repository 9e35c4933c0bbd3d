import metadata from 'libphonenumber-js/metadata.min.json';
import { getCountries, getCountryCallingCode } from 'libphonenumber-js/min';

/**
 * The phone-code list (platform.md §3): every country with its calling code, named in the reader's language and
 * sorted by that name, minus the restricted countries of public info (limitCountryList).
 */
export interface PhoneCode {
  /** ISO 3166 alpha-2. */
  country: string;
  name: string;
  callingCode: string;
}

export function phoneCodes(restricted: readonly string[], countryName: (iso: string) => string): PhoneCode[] {
  const excluded = new Set(restricted.map((c) => c.toUpperCase()));
  return getCountries()
    .filter((country) => !excluded.has(country))
    .map((country) => ({ country, name: countryName(country), callingCode: getCountryCallingCode(country) }))
    .sort((a, b) => a.name.localeCompare(b.name));
}

/** Country names in a language (our locale ids use '_': zh_CN), falling back to the ISO code. */
export function countryNamer(language: string): (iso: string) => string {
  const names = new Intl.DisplayNames([language.replace('_', '-')], { type: 'region' });
  return (iso) => names.of(iso) ?? iso;
}

/**
 * The country a form starts on for the operator's default calling code ('+1' or '1'): the code's main country
 * (US for 1, GB for 44) unless restricted, else another allowed country sharing the code.
 */
export function defaultPhoneCountry(
  defaultCode: string | undefined,
  restricted: readonly string[],
): Pick<PhoneCode, 'country' | 'callingCode'> | undefined {
  const wanted = (defaultCode ?? '').replace(/\D/g, '');
  const sharing = (metadata.country_calling_codes as Record<string, string[]>)[wanted] ?? [];
  const excluded = new Set(restricted.map((c) => c.toUpperCase()));
  const country = sharing.find((iso) => !excluded.has(iso));
  return country ? { country, callingCode: wanted } : undefined;
}
