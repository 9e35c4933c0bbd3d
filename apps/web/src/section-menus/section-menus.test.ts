import { describe, expect, it } from 'vitest';
import { ordersMenu } from '../features/orders/orders-menu.ts';
import { assetsMenu } from './assets-menu.ts';
import { visibleEntries } from './SectionMenuLayout.tsx';

const ids = (entries: { id: string }[]) => entries.map((e) => e.id);
const everySwitch = {
  fiat_trade_open: '1',
  indep_co_switch: '1',
  lever_open: '1',
  fiat_open: '1',
  is_deposit_open: '1',
};

describe('side menus of the orders and assets sections', () => {
  it('lists spot orders, and margin and futures orders while their switches are on: P2P is not built', () => {
    expect(ids(visibleEntries(ordersMenu, {}))).toEqual(['exchangeOrder']);
    expect(ids(visibleEntries(ordersMenu, everySwitch))).toEqual(['exchangeOrder', 'leverageOrder', 'coOrder']);
  });

  it('lists the spot account, the margin pages while lever_open is on, deposits, withdrawals, addresses, history', () => {
    expect(ids(visibleEntries(assetsMenu, {}))).toEqual(['exchangeAccount', 'withdraw', 'addressMent', 'flowingWater']);
    expect(ids(visibleEntries(assetsMenu, everySwitch))).toEqual([
      'exchangeAccount',
      'coAccount',
      'leverageAccount',
      'leverageToLoan',
      'lerverageFlowingWater',
      'recharge',
      'withdraw',
      'addressMent',
      'flowingWater',
    ]);
  });
});
