import { describe, expect, it } from 'vitest';
import { canCancel, isZero, statusKey, symbolOf, volumeUnit } from './order-view.ts';

describe('order centre view', () => {
  it('names statuses, telling a partly filled cancel apart', () => {
    expect(statusKey({ status: 4, deal_volume: '0.0000' })).toBe('cancelled');
    expect(statusKey({ status: 4, deal_volume: '0.0100' })).toBe('partlyCancelled');
    expect(statusKey({ status: 2, deal_volume: '1' })).toBe('filled');
    expect(statusKey({ status: 3, deal_volume: '1' })).toBe('partiallyFilled');
    expect(statusKey({ status: 6, deal_volume: '0' })).toBe('rejected');
  });

  it('cancels only what is still on the book', () => {
    expect([0, 1, 2, 3, 4, 5, 6, 7].filter((status) => canCancel({ status }))).toEqual([0, 1, 3]);
  });

  it('knows the market symbol and the unit of the volume', () => {
    const order = { baseCoin: 'BTC', countCoin: 'USDT', type: 2, side: 'BUY' as const };
    expect(symbolOf(order)).toBe('btcusdt');
    expect(volumeUnit(order)).toBe('USDT');
    expect(volumeUnit({ ...order, side: 'SELL' })).toBe('BTC');
    expect(volumeUnit({ ...order, type: 1 })).toBe('BTC');
  });

  it('tells an empty average price apart', () => {
    expect(['0', '0.00', '00.0'].every(isZero)).toBe(true);
    expect(['0.01', '65032.50', '10'].some(isZero)).toBe(false);
  });
});
