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
  triggerPriceProblem,
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

  it('a conditional order sends its trigger, the watched price and the limit it places, in whole contracts', () => {
    const s = summary(context({ kind: 'conditional' }), [
      { type: 'typeTrigger', triggerPrice: '48000' },
      { type: 'chooseWatched', watched: 2 },
      { type: 'typePrice', price: '48100' },
      { type: 'typeQuantity', quantity: '20' },
    ]);
    expect(s.errors).toEqual({});
    // Valued at its limit price: 20 x 0.001 x 48,100 / 10 = 96.2.
    expect(s.cost).toBe('96.2');
    expect(s.request).toEqual({
      contractId: 7,
      positionType: 1,
      side: 'BUY',
      leverageLevel: 10,
      price: '48100',
      volume: '20',
      open: 'OPEN',
      type: 1,
      isConditionOrder: true,
      triggerType: 3,
      triggerPriceType: 2,
      triggerPrice: '48000',
    });
  });

  it('a conditional market order sends price 0 and contracts (not value), valued at its trigger', () => {
    const s = summary(context({ kind: 'conditional' }), [
      { type: 'choosePlaceAt', placeAt: 'market' },
      { type: 'typeTrigger', triggerPrice: '40000' },
      { type: 'pickShare', percent: 100 },
    ]);
    // 1,000 x 10 / (0.001 x 40,000) = 250 contracts.
    expect(s.byValue).toBe(false);
    expect(s.max).toBe('250');
    expect(s.request).toMatchObject({ price: '0', volume: '250', type: 2, triggerType: 3, triggerPriceType: 1 });
  });

  it('a conditional order needs a trigger, and a limit price within the price range of it', () => {
    const none = summary(context({ kind: 'conditional' }), [{ type: 'typeQuantity', quantity: '1' }]);
    expect(none.errors.trigger).toEqual({ key: 'required' });
    expect(none.request).toBeUndefined();
    // 5% of 40,000 is 2,000: 42,000 is the farthest limit above it, 38,000 below.
    expect(triggerPriceProblem('42000', '40000', '0.05')).toBeUndefined();
    expect(triggerPriceProblem('37999.9', '40000', '0.05')).toEqual({
      key: 'priceFarTrigger',
      values: { low: '38000', high: '42000' },
    });
    expect(triggerPriceProblem('', '40000', '0.05')).toEqual({ key: 'required' });
  });

  it('a trailing stop sends a market order with the callback as a fraction, and its activation when given', () => {
    const close = context({ kind: 'trailing', tab: 'close', side: 'SELL', closable: '5' });
    const s = summary(close, [
      { type: 'typeCallback', callback: '1.5' },
      { type: 'typeActivation', activation: '52000' },
      { type: 'typeQuantity', quantity: '5' },
    ]);
    expect(s.request).toMatchObject({
      side: 'SELL',
      open: 'CLOSE',
      type: 2,
      price: '0',
      volume: '5',
      isConditionOrder: true,
      triggerType: 4,
      callbackRate: '0.015',
      activationPrice: '52000',
    });
    expect(s.request?.triggerPrice).toBeUndefined();
    const bare = summary(close, [
      { type: 'typeCallback', callback: '0.1' },
      { type: 'typeQuantity', quantity: '5' },
    ]);
    expect(bare.request?.activationPrice).toBeUndefined();
  });

  it("refuses a trailing stop's callback outside 0.1% to 5%", () => {
    const at = (callback: string) =>
      summary(context({ kind: 'trailing' }), [
        { type: 'typeCallback', callback },
        { type: 'typeQuantity', quantity: '1' },
      ]).errors.callback;
    const problem = { key: 'callbackRange', values: { min: '0.1', max: '5' } };
    expect([at('0.09'), at('5.01'), at('')]).toEqual([problem, problem, problem]);
    expect([at('0.1'), at('5')]).toEqual([undefined, undefined]);
  });
});
