import { describe, expect, it } from 'vitest';
import {
  amountKindOf,
  amountRefusal,
  bandMultipliers,
  bandRefusal,
  belowMinValue,
  leastAmount,
  leastPrice,
  priceBand,
  priceRefusal,
  type SpotMarketRules,
  stepSize,
} from './spot-order-rules.ts';
import { btcUsdtRules } from './testing/btc-usdt-rules.ts';

const btc: SpotMarketRules = btcUsdtRules;

describe('priceRefusal', () => {
  it('takes whole ticks at or above the minimum price; trailing zeros are not decimals', () => {
    expect(priceRefusal(btc, '65000.01')).toBeNull();
    expect(priceRefusal(btc, '65000.100')).toBeNull();
    expect(priceRefusal(btc, '65000.001')).toBe('price_precision');
    expect(priceRefusal({ ...btc, limitPriceMin: '1' }, '0.99')).toBe('price_below_minimum');
    expect(priceRefusal(btc, '0')).toBe('price_below_minimum');
  });
});

describe('amountRefusal', () => {
  it('gives each kind of amount its decimals and its minimum, exactly at the edge', () => {
    expect(amountRefusal(btc, 'limit', '0.000001')).toBeNull();
    expect(amountRefusal(btc, 'limit', '0.0000001')).toBe('volume_precision');
    expect(amountRefusal(btc, 'limit', '0')).toBe('volume_below_minimum');
    expect(amountRefusal(btc, 'marketSell', '0.0001')).toBeNull();
    expect(amountRefusal(btc, 'marketSell', '0.000099')).toBe('market_sell_below_minimum');
    // A quote amount has the price's decimals.
    expect(amountRefusal(btc, 'quoteAmount', '5.00')).toBeNull();
    expect(amountRefusal(btc, 'quoteAmount', '5.001')).toBe('volume_precision');
    expect(amountRefusal(btc, 'quoteAmount', '4.99')).toBe('market_buy_below_minimum');
  });
});

describe('amountKindOf', () => {
  it('reads a market buy as a quote amount and a market sell as a base quantity unless placed the other way', () => {
    expect(amountKindOf({ side: 'BUY', market: false })).toBe('limit');
    expect(amountKindOf({ side: 'SELL', market: false, byQuoteAmount: true })).toBe('limit');
    expect(amountKindOf({ side: 'BUY', market: true })).toBe('quoteAmount');
    expect(amountKindOf({ side: 'BUY', market: true, byQuantity: true })).toBe('limit');
    expect(amountKindOf({ side: 'SELL', market: true })).toBe('marketSell');
    expect(amountKindOf({ side: 'SELL', market: true, byQuoteAmount: true })).toBe('quoteAmount');
  });
});

describe('stepSize, leastPrice and leastAmount', () => {
  it('give one tick or lot, and the smallest accepted value: the minimum, or one step where the minimum is less', () => {
    expect(stepSize(2)).toBe('0.01');
    expect(stepSize(0)).toBe('1');
    expect(leastPrice(btc).toFixed()).toBe('0.01');
    expect(leastPrice({ ...btc, limitPriceMin: '0' }).toFixed()).toBe('0.01');
    expect(leastAmount(btc, 'marketSell').toFixed()).toBe('0.0001');
    expect(leastAmount({ ...btc, limitVolumeMin: '0' }, 'limit').toFixed()).toBe('0.000001');
    expect(leastAmount(btc, 'quoteAmount').toFixed()).toBe('5');
  });
});

describe('belowMinValue', () => {
  it('refuses a value under the minimum, not at it, and nothing when the minimum is 0', () => {
    expect(belowMinValue(btc, '4.99999999')).toBe(true);
    expect(belowMinValue(btc, '5')).toBe(false);
    expect(belowMinValue({ ...btc, minNotional: '0' }, '0.00000001')).toBe(false);
  });
});

describe('priceBand', () => {
  it('states the band as multiples of the last price, none where the operator set 0', () => {
    const { buyUp, sellDown } = bandMultipliers({ ...btc, priceBandUp: '12.5' });
    expect([buyUp?.toFixed(), sellDown?.toFixed()]).toEqual(['1.125', '0.9']);
    expect(bandMultipliers({ ...btc, priceBandUp: '0', priceBandDown: '0' })).toEqual({ buyUp: null, sellDown: null });
  });
  it('rounds each edge inwards to a whole tick', () => {
    // 0.03 × 1.1 = 0.033 -> 0.03; 0.03 × 0.9 = 0.027 -> 0.03.
    expect(priceBand(btc, '0.03')).toEqual({ buyMax: '0.03', sellMin: '0.03' });
    expect(priceBand(btc, '25000')).toEqual({ buyMax: '27500', sellMin: '22500' });
  });
  it('has no edge before the first trade or where the operator set 0, and never a sell edge below a tick', () => {
    expect(priceBand(btc, null)).toEqual({ buyMax: null, sellMin: null });
    expect(priceBand({ ...btc, priceBandUp: '0' }, '100')).toEqual({ buyMax: null, sellMin: '90' });
    expect(priceBand({ ...btc, priceBandDown: '100' }, '100').sellMin).toBe('0.01');
  });
  it('bounds a buy above and a sell below the last price only', () => {
    expect(bandRefusal(btc, 'BUY', '27500.01', '25000')).toBe('buy_above_band');
    expect(bandRefusal(btc, 'BUY', '27500', '25000')).toBeNull();
    expect(bandRefusal(btc, 'SELL', '22499.99', '25000')).toBe('sell_below_band');
    expect(bandRefusal(btc, 'SELL', '99999', '25000')).toBeNull();
    expect(bandRefusal(btc, 'BUY', '99999', null)).toBeNull();
  });
});
