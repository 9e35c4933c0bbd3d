/**
 * The fiats a trader may pick on leaglTenderSet: the languages' default fiats (what the server offers), once
 * each, lower-case, after '' (follow the language's fiat).
 */
export function fiatChoices(languages: readonly { defaultFiat: string }[]): string[] {
  const fiats = languages.map((language) => language.defaultFiat.toLowerCase()).filter(Boolean);
  return ['', ...new Set(fiats)];
}
