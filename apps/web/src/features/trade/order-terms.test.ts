import { describe, expect, it } from 'vitest';
import { checkTrigger, estimatedFee, orderType, priceKind, tradingRules } from './order-terms.ts';
import { btcUsdtRules } from './testing/market-entry.ts';

const btc = btcUsdtRules;
const fees = { makerFee: '0.001', takerFee: '0.002' };
const order = {
  side: 'BUY' as const,
  kind: 'limit' as const,
  choice: 'GTC' as const,
  price: '',
  amount: '',
  trigger: '',
};

describe('orderType', () => {
  it("maps the form's choices to order/create's types, the futures convention", () => {
    expect(orderType('limit', 'GTC')).toBe(1);
    expect(orderType('market', 'FOK')).toBe(2);
    expect(orderType('limit', 'IOC')).toBe(3);
    expect(orderType('stopLimit', 'FOK')).toBe(4);
    expect(orderType('stopLimit', 'POST_ONLY')).toBe(5);
    expect(priceKind('stopLimit')).toBe('limit');
  });
});

describe('checkTrigger', () => {
  it('tells which way the order waits from the last price, as the server decides it', () => {
    expect(checkTrigger('BUY', '66000', btc, '65000')).toEqual({ ok: true, rises: true });
    expect(checkTrigger('SELL', '64000.5', btc, '65000')).toEqual({ ok: true, rises: false });
  });
  it('names what is wrong with the trigger', () => {
    expect(checkTrigger('BUY', '', btc, '65000')).toEqual({ ok: false, problem: { key: 'required' } });
    expect(checkTrigger('BUY', '65000.001', btc, '65000')).toMatchObject({ problem: { key: 'precision' } });
    expect(checkTrigger('BUY', '65000', btc, '65000.00')).toMatchObject({ problem: { key: 'triggerAtLast' } });
    expect(checkTrigger('BUY', '65000', btc, null)).toMatchObject({ problem: { key: 'triggerNoLast' } });
  });
});

describe('estimatedFee', () => {
  it('charges a limit buy that crosses the last price the taker rate, in the base coin', () => {
    expect(estimatedFee({ ...order, price: '66000', amount: '0.5' }, fees, '65000')).toEqual({
      amount: '0.001',
      coin: 'base',
      rate: 'taker',
    });
  });
  it('charges a resting order and post-only the maker rate, a sell in the quote coin, exactly', () => {
    expect(estimatedFee({ ...order, side: 'SELL', price: '66000.01', amount: '0.3' }, fees, '65000')).toEqual({
      amount: '19.800003',
      coin: 'quote',
      rate: 'maker',
    });
    expect(estimatedFee({ ...order, choice: 'POST_ONLY', price: '1', amount: '3' }, fees, '65000')?.rate).toBe('maker');
    expect(estimatedFee({ ...order, choice: 'IOC', price: '1', amount: '3' }, fees, '65000')?.rate).toBe('taker');
  });
  it('prices a market buy at the last price and a stop-limit order against its trigger', () => {
    expect(estimatedFee({ ...order, kind: 'market', amount: '650' }, fees, '65000')).toMatchObject({
      amount: '0.00002',
      rate: 'taker',
    });
    const stop = { ...order, kind: 'stopLimit' as const, price: '66100', amount: '1', trigger: '66000' };
    expect(estimatedFee(stop, fees, '65000')?.rate).toBe('taker');
    expect(estimatedFee({ ...stop, price: '65900' }, fees, '65000')?.rate).toBe('maker');
  });
  it('is unknown until amounts and rates are', () => {
    expect(estimatedFee({ ...order, price: '1' }, fees, '65000')).toBeNull();
    expect(estimatedFee({ ...order, price: '1', amount: '1' }, {}, '65000')).toBeNull();
  });
});

describe('tradingRules', () => {
  it("lists the market's steps, minimums, minimum order value, price band and fee rates in percent", () => {
    expect(tradingRules(btc, fees)).toEqual([
      { key: 'priceStep', value: '0.01', unit: 'quote' },
      { key: 'amountStep', value: '0.000001', unit: 'base' },
      { key: 'minPrice', value: '0.01', unit: 'quote' },
      { key: 'minAmount', value: '0.000001', unit: 'base' },
      { key: 'marketBuyMin', value: '5', unit: 'quote' },
      { key: 'marketSellMin', value: '0.0001', unit: 'base' },
      { key: 'minValue', value: '5', unit: 'quote' },
      { key: 'bandUp', value: '10', unit: 'percent' },
      { key: 'bandDown', value: '10', unit: 'percent' },
      { key: 'maker', value: '0.1', unit: 'percent' },
      { key: 'taker', value: '0.2', unit: 'percent' },
    ]);
  });
  it('leaves out the minimum order value and each way of the band the market does not set', () => {
    const keys = tradingRules({ ...btc, minNotional: '0', priceBandUp: '0', priceBandDown: '5' }, {}).map((l) => l.key);
    expect(keys).not.toContain('minValue');
    expect(keys).not.toContain('bandUp');
    expect(keys).toContain('bandDown');
  });
});
