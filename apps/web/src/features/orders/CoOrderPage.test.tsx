import '../../i18n/test-i18n.ts';
import { coPublicInfo } from '@opex/contract/calls/co-common';
import { coOrderCancel } from '@opex/contract/calls/co-order';
import { coHistoryTriggerOrderList, coTriggerOrderList } from '@opex/contract/calls/co-trigger';
import { QueryClient } from '@tanstack/react-query';
import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { createMemoryRouter } from 'react-router';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import { publicInfoQuery } from '../../api/common.ts';
import { userInfoQuery } from '../../api/user.ts';
import type { CoTrigger } from '../../futures/futures-tables.ts';
import { btcContract } from '../../futures/testing/contract-fixture.ts';
import { renderRouted } from '../../ui/testing/render-routed.tsx';
import CoOrderPage from './CoOrderPage.tsx';

const calls = vi.hoisted(() => ({ invoke: vi.fn() }));
vi.mock('../../api/call.ts', async (original) => ({
  ...(await original<typeof import('../../api/call.ts')>()),
  invoke: calls.invoke,
}));

const trigger = (patch: Partial<CoTrigger>): CoTrigger => ({
  id: '5',
  contractId: 7,
  contractName: 'E-BTC-USDT',
  symbol: 'BTC-USDT',
  side: 'SELL',
  open: 'CLOSE',
  type: 2,
  triggerType: 1,
  triggerPriceType: 2,
  timeInForce: 7,
  triggerPrice: '48000',
  price: '0',
  volume: '30',
  pricePrecision: 1,
  status: 0,
  memo: 0,
  errorCode: '',
  orderId: '',
  callbackRate: '0',
  activationPrice: '0',
  extremePrice: '0',
  positionType: 1,
  leverageLevel: 10,
  ctime: Date.UTC(2026, 0, 1),
  mtime: Date.UTC(2026, 0, 1),
  expireTime: Date.UTC(2026, 0, 8),
  ...patch,
});

function renderPage() {
  const eth = btcContract({ id: 8, contractName: 'E-ETH-USDT', symbol: 'ETH-USDT', base: 'ETH' });
  calls.invoke.mockImplementation(async (call: { name: string } | undefined) => {
    if (!call) return null;
    if (call.name === coPublicInfo.name)
      return { contractList: [btcContract(), eth], marginCoinList: ['USDT'], wsUrl: '', currentTimeMillis: 0 };
    if (call.name === coTriggerOrderList.name) return { trigOrderList: [trigger({})], count: 1 };
    if (call.name === coHistoryTriggerOrderList.name)
      return {
        trigOrderList: [
          trigger({ id: '6', status: 2, orderId: '901', mtime: Date.UTC(2026, 0, 2) }),
          trigger({ id: '7', status: 4, memo: 1, type: 1, price: '47900', triggerPriceType: 1 }),
        ],
        count: 2,
      };
    if (call.name === coOrderCancel.name) return {};
    // The other tabs' reads and the user's settings: none here.
    return { orderList: [], count: 0 };
  });
  const client = new QueryClient({ defaultOptions: { queries: { retry: false } } });
  client.setQueryData(publicInfoQuery.queryKey, { switch: {}, msg: {}, limitCountryList: [] } as never);
  client.setQueryData(userInfoQuery.queryKey, { id: 1 } as never);
  const router = createMemoryRouter([{ path: '/order/coOrder', element: <CoOrderPage /> }], {
    initialEntries: ['/order/coOrder'],
  });
  renderRouted(client, router);
}

describe('/order/coOrder trigger tabs', { timeout: 30_000 }, () => {
  beforeEach(() => calls.invoke.mockReset());

  it('lists active trigger orders with what fires them, and cancels one or all of every contract', async () => {
    renderPage();
    await userEvent.click(await screen.findByRole('tab', { name: 'Trigger orders' }));
    const table = await screen.findByRole('table', { name: 'Trigger orders' });
    expect(await within(table).findByText('48,000.0 (Mark)')).toBeVisible();
    expect(within(table).getByText('Stop-loss')).toBeVisible();
    expect(within(table).getByText('Market')).toBeVisible();
    // The type filter offers what a trigger places: limit or market.
    await userEvent.click(screen.getByRole('combobox', { name: 'Type' }));
    expect(screen.getAllByRole('option').map((o) => o.textContent)).toEqual(['All types', 'Limit', 'Market']);
    await userEvent.keyboard('{Escape}');

    await userEvent.click(within(table).getByRole('button', { name: 'Cancel' }));
    expect(calls.invoke).toHaveBeenCalledWith(coOrderCancel, { contractId: 7, isConditionOrder: true, orderId: '5' });
    await userEvent.click(await screen.findByRole('button', { name: 'Cancel all' }));
    expect(calls.invoke).toHaveBeenCalledWith(coOrderCancel, { contractId: 7, isConditionOrder: true });
    expect(calls.invoke).toHaveBeenCalledWith(coOrderCancel, { contractId: 8, isConditionOrder: true });
  });

  it('lists ended trigger orders with how they ended and the order a fired one placed', async () => {
    renderPage();
    await userEvent.click(await screen.findByRole('tab', { name: 'Trigger history' }));
    const table = await screen.findByRole('table', { name: 'Trigger history' });
    expect(await within(table).findByText('Triggered')).toBeVisible();
    expect(within(table).getByText('901')).toBeVisible();
    expect(within(table).getByText('Cancelled (by you)')).toBeVisible();
    expect(within(table).getByText('47,900.0')).toBeVisible();
    expect(within(table).getByText('48,000.0 (Last)')).toBeVisible();
    expect(within(table).queryByRole('button', { name: 'Cancel' })).toBeNull();
    expect(calls.invoke).toHaveBeenCalledWith(
      coHistoryTriggerOrderList,
      expect.objectContaining({ page: 1, limit: 20, beginTime: expect.any(Number) }),
      expect.anything(),
    );
  });
});
