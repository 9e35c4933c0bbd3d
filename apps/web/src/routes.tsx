/**
 * The route table of platform.md §2 as data: every path with its meta flags, the page it lazily loads, the product it
 * belongs to and the site mode(s) that serve it. Paths keep the spec's spelling (/mesage, leaglTenderSet). The router
 * serves only the routes that have a page and whose product is built (products/products.ts): a path of a product not
 * built yet is absent, and an unknown path goes home, so no link leads to a placeholder.
 */
import type { ComponentType } from 'react';
import { type Product, productBuilt } from './products/products.ts';
import type { SiteMode } from './state/site-mode.ts';

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
  /** The page; absent while the route's feature is not written. */
  load?: () => Promise<PageModule>;
  product?: Product;
}

/** A route the router serves: it has its page. */
export type ServedRoute = RouteDef & { load: () => Promise<PageModule> };

export interface RedirectDef {
  path: string;
  to: string;
}

const home = () => import('./features/home/HomePage.tsx');
const trade = () => import('./features/trade/TradePage.tsx');
const margin = () => import('./features/trade/MarginPage.tsx');
const proSwap = () => import('./features/futures/FuturesPage.tsx');
const futuresData = () => import('./features/futures/FuturesDataPage.tsx');
const login = { mustLogin: true } as const;

const r = (path: string, name: string, load: RouteDef['load'], meta: RouteMeta = {}, product?: Product): RouteDef => ({
  path,
  name,
  meta,
  ...(load ? { load } : {}),
  ...(product ? { product } : {}),
});

/** A route of a product not built yet: in the table, never served. */
const later = (path: string, name: string, product: Product, meta: RouteMeta = {}) =>
  r(path, name, undefined, meta, product);

/** Children of a section under the same title and guard, each with its page and product when it has them. */
const section = (
  base: string,
  name: string,
  children: string[],
  meta: RouteMeta = {},
  pages: Record<string, RouteDef['load']> = {},
  products: Record<string, Product> = {},
): RouteDef[] => children.map((child) => r(`${base}/${child}`, name, pages[child], meta, products[child]));

const accountPage = () => import('./features/assets/AccountPage.tsx');
const ledgerHistoryPage = () => import('./features/assets/FlowingWaterPage.tsx');
/** The order centre's and the assets section's pages, and the products of those not spot. */
const orderPages = {
  exchangeOrder: () => import('./features/orders/ExchangeOrderPage.tsx'),
  leverageOrder: () => import('./features/orders/LeverageOrderPage.tsx'),
  coOrder: () => import('./features/orders/CoOrderPage.tsx'),
};
const assetPages: Record<string, RouteDef['load']> = {
  exchangeAccount: accountPage,
  otcAccount: accountPage,
  coAccount: () => import('./features/assets/CoAccountPage.tsx'),
  leverageAccount: () => import('./features/margin/LeverageAccountPage.tsx'),
  leverageToLoan: () => import('./features/margin/LeverageLoansPage.tsx'),
  b2cAccount: accountPage,
  flowingWater: ledgerHistoryPage,
  otcFlowingWater: ledgerHistoryPage,
  coFlowingWater: () => import('./features/assets/CoLedgerPage.tsx'),
  lerverageFlowingWater: () => import('./features/margin/LeverageTransfersPage.tsx'),
  b2cFlowingWater: ledgerHistoryPage,
  recharge: () => import('./features/assets-deposit/DepositPage.tsx'),
  withdraw: () => import('./features/assets-withdraw/WithdrawPage.tsx'),
  addressMent: () => import('./features/assets-withdraw/AddressBookPage.tsx'),
};
const orderProducts: Record<string, Product> = { otcOrder: 'otc', leverageOrder: 'margin', coOrder: 'futures' };
const assetProducts: Record<string, Product> = {
  otcAccount: 'otc',
  otcFlowingWater: 'otc',
  coAccount: 'futures',
  coFlowingWater: 'futures',
  leverageAccount: 'margin',
  leverageToLoan: 'margin',
  lerverageFlowingWater: 'margin',
  b2cAccount: 'fiat',
  b2cRecrge: 'fiat',
  b2cWithdraw: 'fiat',
  b2cAddressMent: 'fiat',
  b2cAdd: 'fiat',
  b2cFlowingWater: 'fiat',
  innovations: 'newcoin',
  bibaoAccount: 'financing',
  bibaoDetail: 'financing',
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
  r('/margin', 'margin', margin, tradeMeta, 'margin'),
  r('/margin/:symbol', 'margin', margin, tradeMeta, 'margin'),
  // One host serves every product here: the futures pages of the co host are paths of this app in every mode.
  r('/proSwap', 'proSwap', proSwap, tradeMeta, 'futures'),
  r('/proSwap/:symbol', 'proSwap', proSwap, tradeMeta, 'futures'),
  r('/futuresData', 'futuresData', futuresData, {}, 'futures'),
  r('/market', 'market', () => import('./features/market/MarketPage.tsx')),
  later('/mobility', 'mobility', 'otc', login),
  later('/broker', 'broker', 'broker'),
  later('/broker/:item', 'broker', 'broker'),
  later('/innovation', 'innovation', 'newcoin'),
  later('/innovation/:id', 'innovation', 'newcoin', login),
  later('/mining', 'mining', 'returns'),
  later('/manageFinances', 'manageFinances', 'financing'),
  later('/manageFinances/:id', 'manageFinances', 'financing', login),
  later('/manageFinancesOrder', 'manageFinances', 'financing'),
  later('/freeStaking', 'freeStaking', 'staking'),
  later('/freeStaking/:id', 'freeStaking', 'staking'),
  later('/myPos', 'freeStaking', 'staking', login),
  later('/verify', 'verify', 'staking'),
  later('/staking', 'freeStaking', 'staking'),
  r('/tradeMore', 'tradeMore', () => import('./features/trade/TradeMorePage.tsx'), tradeMeta),
  ...section(
    '/questions',
    'questions',
    ['init', 'list', 'questionsDetails'],
    login,
    {},
    {
      init: 'support',
      list: 'support',
      questionsDetails: 'support',
    },
  ),
  ...section(
    '/order',
    'order',
    ['exchangeOrder', 'otcOrder', 'leverageOrder', 'coOrder'],
    login,
    orderPages,
    orderProducts,
  ),
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
    assetProducts,
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
    {},
    {
      advertisingManagement: 'otc',
      blackList: 'otc',
      brokerSystem: 'broker',
      exBroker: 'broker',
      krwBank: 'fiat',
      krwKyc: 'fiat',
    },
  ),
];

const fiatRoutes: RouteDef[] = [
  later('/', 'fiatDeal', 'otc', { theme: 'homeOther' }),
  later('/stranger', 'otc', 'otc'),
  later('/otcTrade', 'otc', 'otc'),
  later('/otcRelease', 'otc', 'otc'),
  later('/otcDetailOrder', 'otc', 'otc'),
  later('/companyApplication', 'companyApplication', 'otc', login),
  later('/companyApplicationDetail', 'companyApplication', 'otc', login),
  later('/applicationPolicy', 'companyApplication', 'otc'),
];

const futuresRoutes: RouteDef[] = [
  r('/', 'home', home, { theme: 'homeOther' }),
  // The futures-only site trades contracts at /trade as well (contract-notes §1: the same page).
  r('/trade', 'proSwap', proSwap, tradeMeta, 'futures'),
  r('/trade/:symbol', 'proSwap', proSwap, tradeMeta, 'futures'),
  r('/proSwap', 'proSwap', proSwap, tradeMeta, 'futures'),
  r('/proSwap/:symbol', 'proSwap', proSwap, tradeMeta, 'futures'),
  r('/futuresData', 'futuresData', futuresData, {}, 'futures'),
];

const modeRoutes: Record<SiteMode, RouteDef[]> = {
  standard: standardRoutes,
  fiat: fiatRoutes,
  futures: futuresRoutes,
};

const modeProducts: Record<SiteMode, Product> = { standard: 'spot', fiat: 'otc', futures: 'futures' };

/** A site mode whose product is not built serves the standard set: its own would have no home page. */
export function servedMode(mode: SiteMode): SiteMode {
  return productBuilt(modeProducts[mode]) ? mode : 'standard';
}

/** Every route of the spec's table for a mode, served or not. */
export function specRoutesFor(mode: SiteMode): RouteDef[] {
  return [...modeRoutes[mode], ...sharedRoutes];
}

const served = (route: RouteDef): route is ServedRoute => route.load !== undefined && productBuilt(route.product);

/** The routes the router serves in a mode. */
export function routesFor(mode: SiteMode): ServedRoute[] {
  return specRoutesFor(mode).filter(served);
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
