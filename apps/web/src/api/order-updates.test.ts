// @vitest-environment node
import { orderEntrustHistory, orderListNew } from '@opex/contract/calls/order';
import type { OrderUpdate } from '@opex/contract/realtime';
import { QueryClient } from '@tanstack/react-query';
import { describe, expect, it } from 'vitest';
import { historyPageWith, mergeOrderUpdates, type OrderRow, openPageWith } from './order-updates.ts';
import { callKey } from './query.ts';

const row = (id: number, overrides: Partial<OrderRow> = {}): OrderRow => ({
  id,
  side: 'SELL',
  side_text: 'Sell',
  price: '20',
  volume: '0.0125',
  deal_volume: '0',
  remain_volume: '0.0125',
  avg_price: '0',
  total_price: '0',
  status: 1,
  status_text: 'Open',
  time_long: 1_700_000_000_000 + id,
  baseCoin: 'BTC',
  countCoin: 'ETH',
  type: 1,
  isCloseCancelOrder: 0,
  ...overrides,
});
const update = (orderId: number, status: number, dealVolume = '0', dealMoney = '0'): OrderUpdate => ({
  orderId,
  symbol: 'btceth',
  status,
  dealVolume,
  dealMoney,
});
const filter = { page: 1, pageSize: 20, symbol: 'btceth' } as const;

describe('openPageWith', () => {
  it('updates a listed order with what it dealt, exactly', () => {
    const page = { count: 1, orderList: [row(7)] };
    const next = openPageWith(page, filter, update(7, 3, '0.005', '0.1'));
    expect(next?.orderList[0]).toMatchObject({
      status: 3,
      deal_volume: '0.005',
      total_price: '0.1',
      remain_volume: '0.0075',
      avg_price: '20',
    });
  });
  it('drops an order that ended when the page holds every open order; else asks to read it again', () => {
    expect(openPageWith({ count: 2, orderList: [row(8), row(7)] }, filter, update(7, 2))).toEqual({
      count: 1,
      orderList: [row(8)],
    });
    expect(openPageWith({ count: 21, orderList: [row(8), row(7)] }, filter, update(7, 4))).toBeNull();
  });
  it('needs the row of a new order, and ignores other markets', () => {
    const page = { count: 1, orderList: [row(7)] };
    expect(openPageWith(page, filter, update(9, 1))).toBeNull();
    expect(openPageWith(page, filter, { ...update(9, 1), symbol: 'ltcusdt' })).toBe(page);
    expect(openPageWith(page, filter, update(9, 2))).toBe(page);
  });
});

describe('historyPageWith', () => {
  it('puts an ended order, as the open list held it, in id order on the first page', () => {
    const page = { count: 2, orderList: [row(9, { status: 4 }), row(5, { status: 2 })] };
    const next = historyPageWith(page, filter, update(7, 2, '0.0125', '0.25'), row(7));
    expect(next?.count).toBe(3);
    expect(next?.orderList.map((r) => [r.id, r.status, r.deal_volume])).toEqual([
      [9, 4, '0'],
      [7, 2, '0.0125'],
      [5, 2, '0'],
    ]);
  });
  it('asks to read it again without the row, and leaves it alone while the order is open', () => {
    const page = { count: 0, orderList: [] };
    expect(historyPageWith(page, filter, update(7, 2), null)).toBeNull();
    expect(historyPageWith(page, filter, update(7, 3), null)).toBe(page);
  });
});

describe('mergeOrderUpdates', () => {
  it('moves a filled order from the cached open orders to the cached history, reading nothing', () => {
    const queryClient = new QueryClient();
    const openKey = callKey(orderListNew, filter);
    const historyKey = callKey(orderEntrustHistory, filter);
    queryClient.setQueryData(openKey, { count: 1, orderList: [row(7)] });
    queryClient.setQueryData(historyKey, { count: 0, orderList: [] });
    const reread = mergeOrderUpdates(queryClient, [update(7, 3, '0.005', '0.1'), update(7, 2, '0.0125', '0.25')]);
    expect(reread).toEqual([]);
    expect(queryClient.getQueryData(openKey)).toEqual({ count: 0, orderList: [] });
    expect(queryClient.getQueryData(historyKey)).toMatchObject({
      count: 1,
      orderList: [{ id: 7, status: 2, deal_volume: '0.0125', remain_volume: '0', avg_price: '20' }],
    });
  });
  it('answers the page a new order needs to be read again', () => {
    const queryClient = new QueryClient();
    const openKey = callKey(orderListNew, filter);
    queryClient.setQueryData(openKey, { count: 0, orderList: [] });
    expect(mergeOrderUpdates(queryClient, [update(7, 1)])).toEqual([openKey]);
  });
});
