import { describe, expect, it } from 'vitest';
import { closable, closeOrder, reverseOrders } from './position-orders.ts';
import { btcContract } from './testing/contract-fixture.ts';
import { btcPosition } from './testing/position-fixture.ts';

describe('position orders', () => {
  it('closes what may be closed, by the opposite side, at market or at a limit price', () => {
    expect(closeOrder(btcPosition({ canCloseVolume: '7' }))).toEqual({
      contractId: 7,
      positionType: 1,
      side: 'SELL',
      leverageLevel: 10,
      price: '0',
      volume: '7',
      open: 'CLOSE',
      type: 2,
      isConditionOrder: false,
    });
    expect(closeOrder(btcPosition({ orderSide: 'SELL', positionType: 2 }), '49000')).toMatchObject({
      side: 'BUY',
      positionType: 2,
      price: '49000',
      type: 1,
    });
  });

  it('reverses a long: a market close, then a market short worth the closed contracts at the mark price', () => {
    // 10 contracts x 0.001 BTC x 51,000 = 510 USDT.
    const [close, open] = reverseOrders(btcPosition(), btcContract()) ?? [];
    expect(close).toMatchObject({ side: 'SELL', open: 'CLOSE', type: 2, volume: '10' });
    expect(open).toMatchObject({ side: 'SELL', open: 'OPEN', type: 2, price: '0', volume: '510' });
  });

  it('values an inverse short in the base coin, cut to the margin coin decimals', () => {
    // 3 contracts x 100 USD / 30,000 = 0.01 BTC.
    const inverse = btcContract({ contractSide: 2, multiplier: '100', marginCoin: 'BTC' });
    const short = btcPosition({ orderSide: 'SELL', canCloseVolume: '3', indexPrice: '30000' });
    const [, open] = reverseOrders(short, inverse) ?? [];
    expect(open).toMatchObject({ side: 'BUY', open: 'OPEN', volume: '0.01' });
    // 1 x 100 / 30,001 = 0.00333322... -> 0.0033 at 4 decimals.
    const [, cut] = reverseOrders({ ...short, canCloseVolume: '1', indexPrice: '30001' }, inverse) ?? [];
    expect(cut?.volume).toBe('0.0033');
  });

  it('reverses nothing when nothing may be closed or there is no mark price', () => {
    expect(closable(btcPosition({ canCloseVolume: '0' }))).toBe(false);
    expect(reverseOrders(btcPosition({ canCloseVolume: '0' }), btcContract())).toBeNull();
    expect(reverseOrders(btcPosition({ indexPrice: '' }), btcContract())).toBeNull();
  });
});
