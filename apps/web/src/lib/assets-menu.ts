import type { SectionMenu } from './SectionMenuLayout.tsx';

/**
 * The assets section's menu, shared by the account, deposit, withdraw, address-book and history pages: the account
 * pages (margin and fiat only with their switches), moving coins in and out, and the history.
 */
export const assetsMenu: SectionMenu = {
  base: '/assets',
  labelKey: 'nav.assets',
  textKeys: 'assetAccounts.menu',
  entries: [
    { id: 'exchangeAccount' },
    { id: 'otcAccount' },
    { id: 'coAccount' },
    { id: 'leverageAccount', switch: 'lever_open' },
    { id: 'b2cAccount', switch: 'fiat_open' },
    { id: 'recharge' },
    { id: 'withdraw' },
    { id: 'addressMent' },
    { id: 'flowingWater', alsoFor: /FlowingWater$/ },
  ],
};
