/**
 * The captcha language maps (shell.md §5): site language -> a code each provider supports, English by default.
 * el_GR is the original's label for Traditional Chinese (contract-notes.md), so it maps to the Traditional codes.
 */
const geetestCodes: Record<string, string> = {
  zh_CN: 'cn',
  el_GR: 'tw',
  zh_TW: 'tw',
  zh_HK: 'tw',
  en_US: 'en',
  ar_SA: 'ar_SA',
  de_DE: 'de_DE',
  es_ES: 'es_ES',
  fr_FR: 'fr_FR',
  id_ID: 'in_ID',
  in_ID: 'in_ID',
  it_IT: 'it_IT',
  he_IL: 'iw_HE',
  iw_HE: 'iw_HE',
  ja_JP: 'ja_JP',
  ko_KR: 'ko_KR',
  nl_NL: 'nl_NL',
  pt_BR: 'pt_BR',
  ru_RU: 'ru_RU',
  th_TH: 'th_TH',
  tr_TR: 'tr_TR',
  vi_VN: 'vi_VN',
};

const aliyunCodes: Record<string, string> = {
  zh_CN: 'zh-cn',
  el_GR: 'zh-hk',
  zh_TW: 'zh-hk',
  zh_HK: 'zh-hk',
  pt_PT: 'pt-pt',
  pt_BR: 'pt-pt',
  en_US: 'en',
  ja_JP: 'ja',
  id_ID: 'id',
  ko_KR: 'ko',
  ru_RU: 'ru',
  ar_SA: 'ar',
  es_ES: 'es',
  fr_FR: 'fr',
  de_DE: 'de',
};

/** The first provider's (GeeTest) language for a site language. */
export function geetestLanguage(siteLanguage: string): string {
  return geetestCodes[siteLanguage] ?? 'en';
}

/** The second provider's (Aliyun) language for a site language. */
export function aliyunLanguage(siteLanguage: string): string {
  return aliyunCodes[siteLanguage] ?? 'en';
}
