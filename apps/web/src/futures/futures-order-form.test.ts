import { describe, expect, it } from 'vitest';
import { applyActions } from '../trading/form/create-form.ts';
import {
  type FuturesFormAction,
  type FuturesFormContext,
  futuresOrderForm,
  limitPriceProblem,
  maxOpenValue,
  tierCap,
  toContracts,
} from './futures-order-form.ts';
import { btcContract } from './testing/contract-fixture.ts';

const context = (patch: Partial<FuturesFormContext> = {}): FuturesFormContext => ({
  contract: btcContract(),
  side: 'BUY',
  tab: 'open',
  kind: 'limit',
  unit: 2,
  leverage: 10,
  marginModel: 1,
  leverCeiling: { '20': '500000', '50': '100000' },
  available: '1000',
  closable: undefined,
  lastPrice: '50000',
  ...patch,
});

const summary = (ctx: FuturesFormContext, actions: FuturesFormAction[]) =>
  futuresOrderForm.summarize(applyActions(futuresOrderForm, ctx, actions), ctx);

describe('futures form rules', () => {
  it('a limit open order becomes an order_create request in whole contracts', () => {
    const s = summary(context(), [
      { type: 'typePrice', price: '50000' },
      { type: 'typeQuantity', quantity: '30' },
    ]);
    expect(s.errors).toEqual({});
    expect(s.cost).toBe('150');
    expect(s.request).toEqual({
      contractId: 7,
      positionType: 1,
      side: 'BUY',
      leverageLevel: 10,
      price: '50000',
      volume: '30',
      open: 'OPEN',
      type: 1,
      isConditionOrder: false,
    });
  });

  it('post-only, IOC and FOK send the record codes 5, 3 and 4', () => {
    const typeOf = (option: 'postOnly' | 'ioc' | 'fok') =>
      summary(context(), [
        { type: 'typePrice', price: '50000' },
        { type: 'typeQuantity', quantity: '1' },
        { type: 'chooseOption', option },
      ]).request?.type;
    expect([typeOf('postOnly'), typeOf('ioc'), typeOf('fok')]).toEqual([5, 3, 4]);
  });

  it('a base-coin quantity is divided by the multiplier and cut to whole contracts', () => {
    expect(toContracts('0.0259', 1, '0.001')?.toFixed()).toBe('25');
    const s = summary(context({ unit: 1 }), [
      { type: 'typePrice', price: '50000' },
      { type: 'typeQuantity', quantity: '0.0259' },
    ]);
    expect(s.request?.volume).toBe('25');
  });

  it('refuses a limit price too far on the costly side of the last price, not on the other side', () => {
    expect(limitPriceProblem('52600', 'BUY', '50000', '0.05')).toEqual({ key: 'priceFar', values: { price: '52500' } });
    expect(limitPriceProblem('52500', 'BUY', '50000', '0.05')).toBeUndefined();
    expect(limitPriceProblem('40000', 'BUY', '50000', '0.05')).toBeUndefined();
    expect(limitPriceProblem('47400', 'SELL', '50000', '0.05')).toEqual({
      key: 'priceFar',
      values: { price: '47500' },
    });
    expect(limitPriceProblem('60000', 'SELL', '50000', '0.05')).toBeUndefined();
    expect(limitPriceProblem('', 'SELL', '50000', '0.05')).toEqual({ key: 'required' });
  });

  it('volume within [minOrderVolume, maxLimitVolume]', () => {
    const at = (quantity: string) =>
      summary(context({ available: '100000000' }), [
        { type: 'typePrice', price: '1' },
        { type: 'typeQuantity', quantity },
      ]).errors.quantity?.key;
    expect(at('0')).toBe('required');
    expect(at('100001')).toBe('volumeMax');
    expect(at('100000')).toBeUndefined();
    expect(
      summary(
        context({ contract: btcContract({ coinResultVo: { ...btcContract().coinResultVo, minOrderVolume: '5' } }) }),
        [
          { type: 'typePrice', price: '50000' },
          { type: 'typeQuantity', quantity: '4' },
        ],
      ).errors.quantity,
    ).toEqual({ key: 'volumeMin', values: { min: '5' } });
  });

  it('an opening order costs no more than is available', () => {
    // 201 contracts at 50000 = 10050 USDT, at 10x = 1005 margin > 1000 available.
    const s = summary(context(), [
      { type: 'typePrice', price: '50000' },
      { type: 'typeQuantity', quantity: '201' },
    ]);
    expect(s.errors.quantity?.key).toBe('insufficient');
    expect(s.max).toBe('200');
  });

  it('holds the taker fee besides the margin, as the exchange does, so the max openable is what it accepts', () => {
    // 1000 / (1/10 + 0.0005) = 9950.24... USDT of value: 199 contracts of 50 USDT at 50000, not 200.
    const s = summary(context({ contract: btcContract({ takerFee: '0.0005' }) }), [
      { type: 'typePrice', price: '50000' },
      { type: 'typeQuantity', quantity: '200' },
    ]);
    expect(s.max).toBe('199');
    expect(s.errors.quantity?.key).toBe('overMax');
  });

  it('the tier cap bounds what may be opened: the ceiling entry with the least key >= the leverage', () => {
    expect(tierCap({ '20': '500000', '50': '100000', '125': '50000' }, 30)).toBe('100000');
    expect(tierCap({ '20': '500000' }, 21)).toBeUndefined();
    expect(maxOpenValue('100000', 50, 1, { '50': '100000' })?.toFixed()).toBe('100000');
    expect(maxOpenValue('1000', 10, 1, { '50': '100000' })?.toFixed()).toBe('10000');
    const capped = summary(context({ available: '100000', leverage: 50, leverCeiling: { '50': '100000' } }), [
      { type: 'typePrice', price: '50000' },
      { type: 'typeQuantity', quantity: '2001' },
    ]);
    expect(capped.max).toBe('2000');
    expect(capped.errors.quantity?.key).toBe('overMax');
  });

  it('an opening market order is sent by value, within [minOrderMoney, maxMarketMoney] and the max', () => {
    const at = (quantity: string) => summary(context({ kind: 'market' }), [{ type: 'typeQuantity', quantity }]);
    expect(at('4').errors.quantity).toEqual({ key: 'valueMin', values: { min: '5' } });
    expect(at('10001').errors.quantity?.key).toBe('overMax');
    const ok = at('2500');
    expect(ok.byValue).toBe(true);
    expect(ok.request).toMatchObject({ price: '0', volume: '2500', type: 2, open: 'OPEN' });
  });

  it('closing (Close tab or reduce-only) is bounded by the closable volume and sends CLOSE', () => {
    const close = context({ tab: 'close', side: 'SELL', closable: '12', kind: 'market' });
    expect(summary(close, [{ type: 'typeQuantity', quantity: '13' }]).errors.quantity).toEqual({
      key: 'overClosable',
      values: { max: '12' },
    });
    expect(summary(close, [{ type: 'typeQuantity', quantity: '12' }]).request).toMatchObject({
      volume: '12',
      open: 'CLOSE',
      type: 2,
    });
    const reduce = summary(context({ closable: '3' }), [
      { type: 'setReduceOnly', reduceOnly: true },
      { type: 'typePrice', price: '50000' },
      { type: 'typeQuantity', quantity: '3' },
    ]);
    expect(reduce.request?.open).toBe('CLOSE');
    expect(
      summary(context({ tab: 'close' }), [
        { type: 'typeQuantity', quantity: '1' },
        { type: 'typePrice', price: '1' },
      ]).errors.quantity?.key,
    ).toBe('overClosable');
  });

  it('percentage shortcuts fill a share of the max openable or of the closable volume', () => {
    const open = applyActions(futuresOrderForm, context(), [
      { type: 'typePrice', price: '50000' },
      { type: 'pickShare', percent: 50 },
    ]);
    expect(open.quantity).toBe('100');
    const base = applyActions(futuresOrderForm, context({ unit: 1 }), [
      { type: 'typePrice', price: '50000' },
      { type: 'pickShare', percent: 20 },
    ]);
    expect(base.quantity).toBe('0.040');
    const close = applyActions(futuresOrderForm, context({ tab: 'close', closable: '7' }), [
      { type: 'pickShare', percent: 50 },
    ]);
    expect(close.quantity).toBe('3');
    const byValue = applyActions(futuresOrderForm, context({ kind: 'market' }), [{ type: 'pickShare', percent: 10 }]);
    expect(byValue.quantity).toBe('1000.0000');
  });

  it('inverse contracts count value in the base coin', () => {
    const inverse = btcContract({ contractSide: 0, multiplier: '100', marginCoin: 'BTC' });
    // 1 BTC at 10x is worth 10 BTC = 500000 USD = 5000 contracts of 100 USD at 50000.
    const s = summary(context({ contract: inverse, available: '1', leverCeiling: {} }), [
      { type: 'typePrice', price: '50000' },
      { type: 'typeQuantity', quantity: '10' },
    ]);
    expect(s.max).toBe('5000');
    expect(s.cost).toBe('0.002');
  });
});
