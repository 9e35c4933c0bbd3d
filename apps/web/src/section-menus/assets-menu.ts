import type { SectionMenu } from './SectionMenuLayout.tsx';

/**
 * The assets section's menu, shared by the account, deposit, withdraw, address-book and history pages: the account
 * pages (P2P, futures, margin and fiat only once their product exists and its switch is on), moving coins in and out
 * (deposits while is_deposit_open is on), and the history.
 */
export const assetsMenu: SectionMenu = {
  base: '/assets',
  labelKey: 'nav.assets',
  textKeys: 'assetAccounts.menu',
  entries: [
    { id: 'exchangeAccount' },
    { id: 'otcAccount', switch: 'fiat_trade_open', product: 'otc' },
    { id: 'coAccount', switch: 'indep_co_switch', product: 'futures' },
    { id: 'leverageAccount', switch: 'lever_open', product: 'margin' },
    // Before the history entry, whose pattern also matches the margin transfers' page.
    { id: 'leverageToLoan', switch: 'lever_open', product: 'margin' },
    { id: 'lerverageFlowingWater', switch: 'lever_open', product: 'margin' },
    { id: 'b2cAccount', switch: 'fiat_open', product: 'fiat' },
    { id: 'recharge', switch: 'is_deposit_open' },
    { id: 'withdraw' },
    { id: 'addressMent' },
    { id: 'flowingWater', alsoFor: /FlowingWater$/ },
  ],
};
