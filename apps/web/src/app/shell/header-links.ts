import type { PublicInfo } from '../../api/common.ts';
import { type Product, productBuilt } from '../../products/products.ts';

/**
 * Header, more, account, orders and assets links as data (shell.md §2): each is shown only when its switch is on
 * (absent means off), its product is built (products/products.ts) and its other condition holds. `to` is a route of this
 * app; `href` an address on another host.
 */
export interface LinkContext {
  switches: Record<string, unknown>;
  isLogin: boolean;
  isAgent: boolean;
  /** The app-download info has an app page (app_page_url). */
  hasAppPage: boolean;
  info: PublicInfo;
  lang: string;
}

export interface HeaderLink {
  key: string;
  to?: string;
  href?: string;
}

interface LinkRule {
  key: string;
  to?: string | ((ctx: LinkContext) => string | undefined);
  href?: (ctx: LinkContext) => string | undefined;
  switch?: string;
  product?: Product;
  when?: (ctx: LinkContext) => boolean;
}

const on = (ctx: LinkContext, name: string) => String(ctx.switches[name] ?? '0') === '1';

/** The first ETF market, as the trade path wants it ("BTC3L/USDT" -> "BTC3L_USDT"). */
export function firstEtfMarket(info: PublicInfo): string | undefined {
  for (const group of Object.values(info.market?.market ?? {})) {
    for (const [name, symbol] of Object.entries(group)) {
      if (String(symbol.etfOpen ?? '0') === '1') return name.replace('/', '_');
    }
  }
  return undefined;
}

const hostLink = (host: 'otcUrl', prefix: string, path: string) => (ctx: LinkContext) => {
  const base = ctx.info.url?.[host];
  return base ? `${base.replace(/\/$/, '')}/${prefix}/${ctx.lang}/${path}` : undefined;
};

const mainRules: LinkRule[] = [
  { key: 'market', to: '/market' },
  { key: 'trade', to: '/trade' },
  { key: 'tradeMore', to: '/tradeMore' },
  { key: 'otc', href: hostLink('otcUrl', 'otc', 'otcTrade'), switch: 'fiat_trade_open', product: 'otc' },
  // This app serves the co host's pages itself: the contract trade page is its /proSwap.
  { key: 'contract', to: '/proSwap', switch: 'indep_co_switch', product: 'futures' },
  { key: 'margin', to: '/margin', switch: 'lever_open', product: 'margin' },
  {
    key: 'etf',
    to: (ctx) => `/trade/${firstEtfMarket(ctx.info)}`,
    switch: 'etfNavigationSwitch',
    when: (ctx) => !!firstEtfMarket(ctx.info),
  },
  { key: 'mobility', to: '/mobility', switch: 'saas_otc_flow_config', product: 'otc' },
  { key: 'freeStaking', to: '/freeStaking', switch: 'incrementConfigStatus', product: 'staking' },
  { key: 'questions', to: '/questions/init', product: 'support' },
];

const moreRules: LinkRule[] = [
  { key: 'innovation', to: '/innovation', switch: 'newcoinOpen', product: 'newcoin' },
  { key: 'mining', to: '/mining', switch: 'is_return_open', product: 'returns' },
  { key: 'appDownload', to: '/appDownload', when: (ctx) => ctx.hasAppPage },
  { key: 'manageFinances', to: '/manageFinances', switch: 'is_financing_open', product: 'financing' },
  { key: 'broker', to: '/broker', switch: 'agentUserOpen', product: 'broker', when: (ctx) => ctx.isAgent },
];

const accountRules: LinkRule[] = [
  { key: 'userManagement', to: '/personal/userManagement' },
  { key: 'verification', to: '/personal/userManagement?verification=1' },
  { key: 'changePassword', to: '/personal/changePassword' },
  { key: 'changeEmail', to: '/personal/changeEmail' },
  { key: 'leaglTenderSet', to: '/personal/leaglTenderSet', switch: 'fiat_trade_open' },
  { key: 'advertisingManagement', to: '/personal/advertisingManagement', switch: 'fiat_trade_open', product: 'otc' },
  { key: 'apiManagement', to: '/personal/apiManagement' },
  { key: 'exBroker', to: '/personal/exBroker', switch: 'agentUserOpen', product: 'broker', when: (ctx) => ctx.isAgent },
];

const orderRules: LinkRule[] = [
  { key: 'exchangeOrder', to: '/order/exchangeOrder' },
  { key: 'otcOrder', to: '/order/otcOrder', switch: 'fiat_trade_open', product: 'otc' },
  { key: 'coOrder', to: '/order/coOrder', switch: 'indep_co_switch', product: 'futures' },
  { key: 'leverageOrder', to: '/order/leverageOrder', switch: 'lever_open', product: 'margin' },
];

const assetRules: LinkRule[] = [
  { key: 'exchangeAccount', to: '/assets/exchangeAccount' },
  { key: 'otcAccount', to: '/assets/otcAccount', switch: 'fiat_trade_open', product: 'otc' },
  { key: 'b2cAccount', to: '/assets/b2cAccount', switch: 'fiat_open', product: 'fiat' },
  { key: 'coAccount', to: '/assets/coAccount', switch: 'indep_co_switch', product: 'futures' },
  { key: 'leverageAccount', to: '/assets/leverageAccount', switch: 'lever_open', product: 'margin' },
];

function visible(rules: LinkRule[], ctx: LinkContext): HeaderLink[] {
  const links: HeaderLink[] = [];
  for (const rule of rules) {
    if (!productBuilt(rule.product)) continue;
    if (rule.switch && !on(ctx, rule.switch)) continue;
    if (rule.when && !rule.when(ctx)) continue;
    const to = typeof rule.to === 'function' ? rule.to(ctx) : rule.to;
    const href = rule.href?.(ctx);
    if (!to && !href) continue;
    links.push({ key: rule.key, ...(to ? { to } : {}), ...(href ? { href } : {}) });
  }
  return links;
}

export const mainLinks = (ctx: LinkContext) => visible(mainRules, ctx);
export const accountLinks = (ctx: LinkContext) => visible(accountRules, ctx);
export const orderLinks = (ctx: LinkContext) => visible(orderRules, ctx);
export const assetLinks = (ctx: LinkContext) => visible(assetRules, ctx);

/** The more menu exists only when new-coin, returns, app page, financing or agent is on. */
export function moreLinks(ctx: LinkContext): HeaderLink[] {
  const anyOn = ['newcoinOpen', 'is_return_open', 'is_financing_open', 'agentUserOpen'].some((s) => on(ctx, s));
  return anyOn || ctx.hasAppPage ? visible(moreRules, ctx) : [];
}

/** The more menu's extension opens below when 350 px fit under it, else above. */
export const SUBMENU_SPACE_PX = 350;

export function submenuPlacement(spaceBelowPx: number): 'below' | 'above' {
  return spaceBelowPx >= SUBMENU_SPACE_PX ? 'below' : 'above';
}
