/**
 * The route table of platform.md §2 as data: every path with its meta flags, the page it lazily loads, and the
 * site mode(s) that serve it. Paths keep the spec's spelling (/mesage, leaglTenderSet). A route whose feature
 * belongs to a later issue loads the "not available yet" page, with its guard.
 */
import type { ComponentType } from 'react';

export type SiteMode = 'standard' | 'fiat' | 'futures';

export interface RouteMeta {
  mustLogin?: boolean;
  hideHeade?: true | 'visitLimit';
  hideFooter?: 'false' | 'MandatoryHide';
  navigation?: '1';
  theme?: 'homeOther';
  footNotMrgin?: boolean;
}

type PageModule = { default: ComponentType };

export interface RouteDef {
  path: string;
  /** Localised title key (title.<name>) and the active header item. */
  name: string;
  meta: RouteMeta;
  load: () => Promise<PageModule>;
}

export interface RedirectDef {
  path: string;
  to: string;
}

const home = () => import('./features/home/HomePage.tsx');
const unavailable = () => import('./features/unavailable/UnavailablePage.tsx');
const trade = () => import('./features/trade/TradePage.tsx');
const login = { mustLogin: true } as const;

const r = (path: string, name: string, load: RouteDef['load'], meta: RouteMeta = {}): RouteDef => ({
  path,
  name,
  meta,
  load,
});

/** Children of a section under the same title and guard; a child without its page loads the not-available one. */
const section = (
  base: string,
  name: string,
  children: string[],
  meta: RouteMeta = {},
  pages: Record<string, RouteDef['load']> = {},
): RouteDef[] => children.map((child) => r(`${base}/${child}`, name, pages[child] ?? unavailable, meta));

const accountPage = () => import('./features/assets/AccountPage.tsx');
const ledgerHistoryPage = () => import('./features/assets/FlowingWaterPage.tsx');
/** The order centre's and the assets section's pages that exist so far. */
const orderPages = { exchangeOrder: () => import('./features/orders/ExchangeOrderPage.tsx') };
const assetPages: Record<string, RouteDef['load']> = {
  exchangeAccount: accountPage,
  otcAccount: accountPage,
  coAccount: accountPage,
  leverageAccount: accountPage,
  b2cAccount: accountPage,
  flowingWater: ledgerHistoryPage,
  otcFlowingWater: ledgerHistoryPage,
  coFlowingWater: ledgerHistoryPage,
  lerverageFlowingWater: ledgerHistoryPage,
  b2cFlowingWater: ledgerHistoryPage,
  recharge: () => import('./features/assets-deposit/DepositPage.tsx'),
  withdraw: () => import('./features/assets-withdraw/WithdrawPage.tsx'),
  addressMent: () => import('./features/assets-withdraw/AddressBookPage.tsx'),
};

const footerPages = [
  'about',
  'amlKycPolicy',
  'announcements',
  'blog',
  'bluesparrowToken',
  'blueVinci',
  'charity',
  'community',
  'contact',
  'downoadApp',
  'IEO',
  'marketing',
  'press',
  'privacyPolicy',
  'risk',
  'security',
  'siteMap',
  'staking',
  'support',
  'termsOfService',
  'tokenListing',
  'fees',
  'apiPage',
  'userGuide',
];

/** Pages every mode serves: account entry, content, messages, region limit, app download. */
const sharedRoutes: RouteDef[] = [
  r('/login', 'login', () => import('./features/auth/LoginPage.tsx'), { hideHeade: true, hideFooter: 'MandatoryHide' }),
  r('/register', 'register', () => import('./features/auth/RegisterPage.tsx'), {
    hideHeade: true,
    hideFooter: 'MandatoryHide',
  }),
  r('/resetPass', 'resetPass', () => import('./features/auth/ResetPasswordPage.tsx'), {
    hideHeade: true,
    hideFooter: 'MandatoryHide',
  }),
  r('/serviceLimit', 'serviceLimit', () => import('./features/service-limit/ServiceLimitPage.tsx'), {
    hideHeade: 'visitLimit',
    hideFooter: 'MandatoryHide',
  }),
  r('/mesage', 'mesage', () => import('./features/messages/MessagesPage.tsx'), login),
  r('/cms/:id?', 'cms', () => import('./features/cms/CmsPage.tsx')),
  r('/noticeInfo/:ntId?', 'noticeInfo', () => import('./features/notice/NoticePage.tsx')),
  r('/install', 'appDownload', () => import('./features/app-download/AppDownloadPage.tsx')),
  r('/appDownload', 'appDownload', () => import('./features/app-download/AppDownloadPage.tsx')),
  ...footerPages.map((page) => r(`/footerPage/${page}`, 'footerPage', () => import('./features/cms/FooterPage.tsx'))),
];

/** The security centre (features/personal): a module may hold several pages, picked by export name. */
const personalPage = (child: string, load: () => Promise<Record<string, unknown>>, page = 'default'): RouteDef =>
  r(`/personal/${child}`, 'personal', () => load().then((m) => ({ default: m[page] as ComponentType })), login);
const addressPages = () => import('./features/personal/AddressPages.tsx');
const googlePages = () => import('./features/personal/GooglePages.tsx');
const settingsPages = () => import('./features/personal/SettingsPages.tsx');
const apiPages = () => import('./features/personal/ApiPages.tsx');
const identityPage = () => import('./features/personal/IdentityPage.tsx');
const personalRoutes: RouteDef[] = [
  personalPage('userManagement', () => import('./features/personal/UserManagementPage.tsx')),
  personalPage('changePassword', () => import('./features/personal/ChangePasswordPage.tsx')),
  personalPage('bindEmail', addressPages, 'BindEmailPage'),
  personalPage('changeEmail', addressPages, 'ChangeEmailPage'),
  personalPage('bindPhone', addressPages, 'BindPhonePage'),
  personalPage('changePhone', addressPages, 'ChangePhonePage'),
  personalPage('bindGoogle', googlePages, 'BindGooglePage'),
  personalPage('closeGoogle', googlePages, 'CloseGooglePage'),
  personalPage('closePhone', () => import('./features/personal/PhoneCheckPage.tsx')),
  personalPage('safetyRecord', () => import('./features/personal/SafetyRecordPage.tsx')),
  personalPage('setUp', settingsPages, 'SetUpPage'),
  personalPage('modifySettings', settingsPages, 'ModifySettingsPage'),
  personalPage('idAuth', identityPage),
  personalPage('kycAuth', identityPage),
  personalPage('inviteCodeManagement', () => import('./features/personal/InvitePage.tsx')),
  personalPage('leaglTenderSet', () => import('./features/personal/LegalTenderPage.tsx')),
  personalPage('apiManagement', apiPages, 'ApiManagementPage'),
  personalPage('checkApi', apiPages, 'CheckApiPage'),
];

const tradeMeta: RouteMeta = { hideFooter: 'MandatoryHide', navigation: '1', footNotMrgin: true };

const standardRoutes: RouteDef[] = [
  r('/', 'home', home, { theme: 'homeOther' }),
  r('/trade', 'trade', trade, tradeMeta),
  r('/trade/:symbol', 'trade', trade, tradeMeta),
  r('/margin', 'margin', unavailable, tradeMeta),
  r('/margin/:symbol', 'margin', unavailable, tradeMeta),
  r('/market', 'market', () => import('./features/market/MarketPage.tsx')),
  r('/mobility', 'mobility', unavailable, login),
  r('/broker', 'broker', unavailable),
  r('/broker/:item', 'broker', unavailable),
  r('/innovation', 'innovation', unavailable),
  r('/innovation/:id', 'innovation', unavailable, login),
  r('/mining', 'mining', unavailable),
  r('/manageFinances', 'manageFinances', unavailable),
  r('/manageFinances/:id', 'manageFinances', unavailable, login),
  r('/manageFinancesOrder', 'manageFinances', unavailable),
  r('/freeStaking', 'freeStaking', unavailable),
  r('/freeStaking/:id', 'freeStaking', unavailable),
  r('/myPos', 'freeStaking', unavailable, login),
  r('/verify', 'verify', unavailable),
  r('/staking', 'freeStaking', unavailable),
  r('/tradeMore', 'tradeMore', () => import('./features/trade/TradeMorePage.tsx'), tradeMeta),
  ...section('/questions', 'questions', ['init', 'list', 'questionsDetails'], login),
  ...section('/order', 'order', ['exchangeOrder', 'otcOrder', 'leverageOrder', 'coOrder'], login, orderPages),
  ...section(
    '/assets',
    'assets',
    [
      'exchangeAccount',
      'recharge',
      'withdraw',
      'flowingWater',
      'addressMent',
      'otcAccount',
      'otcFlowingWater',
      'innovations',
      'coAccount',
      'coFlowingWater',
      'leverageAccount',
      'leverageToLoan',
      'lerverageFlowingWater',
      'b2cAccount',
      'b2cRecrge',
      'b2cWithdraw',
      'b2cAddressMent',
      'b2cAdd',
      'b2cFlowingWater',
      'bibaoAccount',
      'bibaoDetail',
    ],
    login,
    assetPages,
  ),
  ...personalRoutes,
  ...section(
    '/personal',
    'personal',
    [
      'advertisingManagement',
      'blackList',
      'brokerSystem',
      'exBroker',
      'krwBank',
      'krwKyc',
      'faceAuth',
      'exccAuthForm',
      'exccAuthorization',
    ],
    login,
  ),
];

const fiatRoutes: RouteDef[] = [
  r('/', 'fiatDeal', unavailable, { theme: 'homeOther' }),
  r('/stranger', 'otc', unavailable),
  r('/otcTrade', 'otc', unavailable),
  r('/otcRelease', 'otc', unavailable),
  r('/otcDetailOrder', 'otc', unavailable),
  r('/companyApplication', 'companyApplication', unavailable, login),
  r('/companyApplicationDetail', 'companyApplication', unavailable, login),
  r('/applicationPolicy', 'companyApplication', unavailable),
];

const futuresRoutes: RouteDef[] = [
  r('/', 'home', home, { theme: 'homeOther' }),
  r('/trade', 'trade', trade, tradeMeta),
  r('/trade/:symbol', 'trade', trade, tradeMeta),
  r('/proSwap', 'proSwap', unavailable, tradeMeta),
  r('/proSwap/:symbol', 'proSwap', unavailable, tradeMeta),
  r('/futuresData', 'futuresData', unavailable),
];

const modeRoutes: Record<SiteMode, RouteDef[]> = {
  standard: standardRoutes,
  fiat: fiatRoutes,
  futures: futuresRoutes,
};

export function routesFor(mode: SiteMode): RouteDef[] {
  return [...modeRoutes[mode], ...sharedRoutes];
}

/** Redirects of §2; unknown paths go to the root in every mode. */
export function redirectsFor(mode: SiteMode): RedirectDef[] {
  const standard = mode === 'standard';
  return [
    ...(standard
      ? [
          { path: '/questions', to: '/questions/init' },
          { path: '/personal', to: '/personal/userManagement' },
        ]
      : []),
    { path: '*', to: '/' },
  ];
}
