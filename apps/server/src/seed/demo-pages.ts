import type { CmsPageInput } from '../content/cms-pages.ts';
import elGR from './footer-pages/el_GR.json' with { type: 'json' };
import enUS from './footer-pages/en_US.json' with { type: 'json' };
import jaJP from './footer-pages/ja_JP.json' with { type: 'json' };
import koKR from './footer-pages/ko_KR.json' with { type: 'json' };
import viVN from './footer-pages/vi_VN.json' with { type: 'json' };
import zhCN from './footer-pages/zh_CN.json' with { type: 'json' };

/**
 * The demo's other footerPage children (about, terms, policies, support, contact…), each a few honest lines, in the
 * six languages: one data file per language under footer-pages/, where {company} and {contact} stand for the brand's
 * name and e-mail. The fees page and the guide pages are in demo-guide-pages.ts.
 */
const texts: Record<string, Record<string, { title: string; body: string }>> = {
  en_US: enUS,
  zh_CN: zhCN,
  el_GR: elGR,
  ja_JP: jaJP,
  ko_KR: koKR,
  vi_VN: viVN,
};

export function demoPages(companyName: string, contactEmail: string): CmsPageInput[] {
  const fill = (text: string) => text.replaceAll('{company}', companyName).replaceAll('{contact}', contactEmail);
  return Object.entries(texts).flatMap(([lang, pages]) =>
    Object.entries(pages).map(([key, { title, body }]) => ({ key, lang, title: fill(title), body: fill(body) })),
  );
}
