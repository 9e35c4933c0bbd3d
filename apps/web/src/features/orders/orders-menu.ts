import type { SectionMenu } from '../../section-menus/SectionMenuLayout.tsx';

/** The order centre's menu: spot, and P2P, margin and futures orders once those products exist and are switched on. */
export const ordersMenu: SectionMenu = {
  base: '/order',
  labelKey: 'nav.orders',
  textKeys: 'orderCenter.menu',
  entries: [
    { id: 'exchangeOrder' },
    { id: 'otcOrder', switch: 'fiat_trade_open', product: 'otc' },
    { id: 'leverageOrder', switch: 'lever_open', product: 'margin' },
    { id: 'coOrder', switch: 'indep_co_switch', product: 'futures' },
  ],
};
