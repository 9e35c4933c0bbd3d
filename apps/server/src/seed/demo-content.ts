import type { Kysely } from 'kysely';
import { saveCoin } from '../catalog/coins.ts';
import { setBigDealMin, setMarketTags } from '../catalog/market-labels.ts';
import { saveMarket } from '../catalog/markets.ts';
import { setRate } from '../catalog/rates.ts';
import { saveSkin } from '../catalog/skins.ts';
import { saveCmsPage } from '../content/cms-pages.ts';
import { addNotice } from '../content/notices.ts';
import type { Database } from '../db/schema.ts';
import { addFooterLink } from '../modules/cms/footer-links.ts';
import { addBanner } from '../modules/common/banners.ts';
import { addPopup } from '../modules/common/home-popups.ts';
import type { Clock } from '../platform/clock.ts';
import { SettingsStore } from '../settings/settings-store.ts';
import { demoBigDealMins, demoCoins, demoMarkets, demoMarketTags, demoRates, demoSkins } from './demo-catalog.ts';
import { demoGuidePages } from './demo-guide-pages.ts';
import { demoNews } from './demo-news.ts';
import { demoPages } from './demo-pages.ts';

/** The demo exchange's brand, catalogue and content, written in the caller's transaction. */
const COMPANY = 'Opex Demo';
const CONTACT = 'support@demo.opex';
const DAY_MS = 24 * 3600_000;

/** Self-contained SVG images, so the demo needs no hosted assets. */
const svg = (width: number, height: number, body: string) =>
  `data:image/svg+xml,${encodeURIComponent(`<svg xmlns="http://www.w3.org/2000/svg" width="${width}" height="${height}" viewBox="0 0 ${width} ${height}">${body}</svg>`)}`;
const logo = svg(
  120,
  32,
  '<rect width="32" height="32" rx="8" fill="#f0b90b"/><text x="16" y="22" font-family="sans-serif" font-size="16" font-weight="700" text-anchor="middle" fill="#0e1117">O</text><text x="40" y="22" font-family="sans-serif" font-size="16" font-weight="700" fill="#f0b90b">Opex</text>',
);
const icon = svg(
  32,
  32,
  '<rect width="32" height="32" rx="8" fill="#f0b90b"/><text x="16" y="22" font-family="sans-serif" font-size="16" font-weight="700" text-anchor="middle" fill="#0e1117">O</text>',
);
/** In the carousel's own 16:6 frame, text centred, so that its cover fit crops nothing. */
const banner = (title: string, colour: string) =>
  svg(
    1600,
    600,
    `<rect width="1600" height="600" fill="${colour}"/><text x="800" y="320" font-family="sans-serif" font-size="72" font-weight="700" text-anchor="middle" fill="#ffffff">${title}</text>`,
  );

/** The demo's footer link lists, in each of the six languages. */
const footerWords = {
  en_US: {
    about: 'About',
    aboutUs: 'About us',
    terms: 'Terms of service',
    privacy: 'Privacy policy',
    risk: 'Risk warning',
    service: 'Service',
    fees: 'Fees',
    notices: 'Notices',
    whitepaper: 'Bitcoin whitepaper',
    contact: 'Contact',
  },
  zh_CN: {
    about: '关于',
    aboutUs: '关于我们',
    terms: '服务条款',
    privacy: '隐私政策',
    risk: '风险提示',
    service: '服务',
    fees: '费率',
    notices: '公告',
    whitepaper: '比特币白皮书',
    contact: '联系我们',
  },
  el_GR: {
    about: '關於',
    aboutUs: '關於我們',
    terms: '服務條款',
    privacy: '隱私政策',
    risk: '風險提示',
    service: '服務',
    fees: '費率',
    notices: '公告',
    whitepaper: '比特幣白皮書',
    contact: '聯繫我們',
  },
  ja_JP: {
    about: '会社情報',
    aboutUs: '私たちについて',
    terms: '利用規約',
    privacy: 'プライバシーポリシー',
    risk: 'リスクに関する注意',
    service: 'サービス',
    fees: '手数料',
    notices: 'お知らせ',
    whitepaper: 'ビットコイン白書',
    contact: 'お問い合わせ',
  },
  ko_KR: {
    about: '소개',
    aboutUs: '회사 소개',
    terms: '이용약관',
    privacy: '개인정보 처리방침',
    risk: '위험 고지',
    service: '서비스',
    fees: '수수료',
    notices: '공지사항',
    whitepaper: '비트코인 백서',
    contact: '문의',
  },
  vi_VN: {
    about: 'Giới thiệu',
    aboutUs: 'Về chúng tôi',
    terms: 'Điều khoản dịch vụ',
    privacy: 'Chính sách bảo mật',
    risk: 'Cảnh báo rủi ro',
    service: 'Dịch vụ',
    fees: 'Phí',
    notices: 'Thông báo',
    whitepaper: 'Sách trắng Bitcoin',
    contact: 'Liên hệ',
  },
};

export async function seedDemoContent(db: Kysely<Database>, clock: Clock): Promise<void> {
  const now = clock.now();
  const settings = new SettingsStore(db, clock);
  await settings.set('brand', {
    company_name: COMPANY,
    logoUrl: logo,
    iconUrl: icon,
    footer_logo_path: logo,
    index_international_logo: logo,
    h5LoginImg: logo,
    contact_email: CONTACT,
    contact_number: '',
    config_footer_js: '',
    default_country_code: '1',
    company_hash: '',
  });
  await settings.set('seo', {
    title: 'Opex Demo Exchange',
    keywords: 'exchange, bitcoin, ethereum, open source',
    description: 'A demonstration of Opex, the open-source crypto-asset exchange.',
  });
  await settings.set('indexHeaderTitle', {
    en_US: 'Trade crypto on an exchange you can run yourself',
    zh_CN: '在您自己运行的交易所交易数字资产',
    el_GR: '在您自己運行的交易所交易數字資產',
    ja_JP: '自分で運営できる取引所で暗号資産を取引',
    ko_KR: '직접 운영하는 거래소에서 암호화폐를 거래하세요',
    vi_VN: 'Giao dịch tiền mã hoá trên sàn bạn tự vận hành',
  });
  for (const [name, value] of Object.entries({
    verificationType: '3',
    index_kline_switch: '1',
    trade_depth_is_flash: '1',
    // Each coin's introduction beside its market on the trade page.
    symbol_profile: '1',
    // Tags in market lists, and the trade page's large-trades panel.
    coin_tag_open: '1',
    is_open_bigDeal: '1',
    // Deposit and withdrawal records link to a chain's block explorer once the operator names one (the simulated
    // chains have none).
    open_txid_addr: '1',
    config_footer_open: '1',
    // Demo traders may move funds between their own account types.
    is_inner_transfer_open: '1',
    // Deposits on the simulated chains, and the home pop-up layer.
    is_deposit_open: '1',
    index_layer_open: '1',
  })) {
    await settings.setSwitch(name, value);
  }
  await settings.set('maketIndex', 'USDT');

  for (const skin of demoSkins) await saveSkin(db, skin);
  for (const coin of demoCoins) await saveCoin(db, coin, now);
  for (const market of demoMarkets) await saveMarket(db, market, now);
  for (const [symbol, tags] of Object.entries(demoMarketTags)) {
    for (const [lang, tag] of Object.entries(tags)) await setMarketTags(db, symbol, lang, [tag], now);
  }
  for (const [symbol, minValue] of Object.entries(demoBigDealMins)) await setBigDealMin(db, symbol, minValue, now);
  for (const r of demoRates) await setRate(db, r, now);

  const guidePages = demoGuidePages(CONTACT, demoMarkets);
  for (const page of [...demoPages(COMPANY, CONTACT), ...guidePages]) await saveCmsPage(db, page, now);
  for (const [lang, words] of Object.entries(footerWords)) {
    const guide = (key: string) => guidePages.find((p) => p.lang === lang && p.key === key)?.title ?? key;
    const guideLink = (listKey: 'about' | 'service', key: string) =>
      ({ listKey, linkText: guide(key), link: `/footerPage/${key}`, linkType: 0 }) as const;
    const links = [
      { listKey: 'about', linkText: words.aboutUs, link: '/footerPage/about', linkType: 0 },
      { listKey: 'about', linkText: words.terms, link: '/footerPage/termsOfService', linkType: 0 },
      { listKey: 'about', linkText: words.privacy, link: '/footerPage/privacyPolicy', linkType: 0 },
      { listKey: 'about', linkText: words.risk, link: '/footerPage/risk', linkType: 0 },
      guideLink('about', 'press'),
      guideLink('about', 'siteMap'),
      { listKey: 'service', linkText: words.fees, link: '/footerPage/fees', linkType: 0 },
      { listKey: 'service', linkText: words.notices, link: '/noticeInfo', linkType: 0 },
      guideLink('service', 'userGuide'),
      guideLink('service', 'tokenListing'),
      guideLink('service', 'downoadApp'),
      { listKey: 'service', linkText: words.whitepaper, link: 'https://bitcoin.org/bitcoin.pdf', linkType: 1 },
      { listKey: 'contact', linkText: CONTACT, link: CONTACT, linkType: 3 },
    ] as const;
    for (const [sort, link] of links.entries())
      await addFooterLink(db, { ...link, listTitle: words[link.listKey], lang, sort });
  }

  for (const [lang, news] of Object.entries(demoNews)) {
    const [trading, openSource] = news.banners;
    await addBanner(db, { lang, imageUrl: banner(trading, '#1e2329'), httpUrl: '/trade', sort: 1 });
    await addBanner(db, { lang, imageUrl: banner(openSource, '#0b3d2e'), httpUrl: '/footerPage/about', sort: 2 });
    for (const [i, [title, content]] of news.notices.entries()) {
      await addNotice(db, { lang, title, content }, now - (news.notices.length - i) * 60_000);
    }
    await addPopup(
      db,
      {
        lang,
        activityTitle: news.popup.title,
        startTime: now - DAY_MS,
        endTime: now + 365 * DAY_MS,
        displayType: 1,
        imageText: news.popup.html,
        buttonWritingOne: news.popup.start,
        buttonUrlOne: '/trade',
        buttonWritingTwo: news.popup.close,
      },
      now,
    );
  }
}
