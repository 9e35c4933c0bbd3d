import type { SectionMenu } from '../../lib/SectionMenuLayout.tsx';

/** The order centre's menu: spot, P2P, margin (with leverage on) and futures orders. */
export const ordersMenu: SectionMenu = {
  base: '/order',
  labelKey: 'nav.orders',
  textKeys: 'orderCenter.menu',
  entries: [
    { id: 'exchangeOrder' },
    { id: 'otcOrder' },
    { id: 'leverageOrder', switch: 'lever_open' },
    { id: 'coOrder' },
  ],
};
