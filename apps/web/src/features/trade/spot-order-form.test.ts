import { describe, expect, it } from 'vitest';
import { applyActions } from '../../trading/form/create-form.ts';
import type { MarketRules } from './order-form.ts';
import { type SpotFormAction, type SpotFormContext, spotOrderForm } from './spot-order-form.ts';
import { btcUsdtRules } from './testing/market-entry.ts';

// The demo BTC/USDT market without its minimum order value, so the amount rules show on their own.
const rules: MarketRules = { ...btcUsdtRules, minNotional: '0' };
const limitBuy: SpotFormContext = {
  side: 'BUY',
  kind: 'limit',
  rules,
  fees: { makerFee: '0.001', takerFee: '0.002' },
  available: '1000',
  isLogin: true,
  lastPrice: '65000',
};
const run = (actions: SpotFormAction[], context: SpotFormContext = limitBuy) => {
  const state = applyActions(spotOrderForm, context, actions);
  return { state, summary: spotOrderForm.summarize(state, context) };
};

describe('spotOrderForm', () => {
  it('keeps a typed price against the last price, and takes a price picked in the book', () => {
    const typed = [{ type: 'typePrice', price: '64000' }] as const;
    expect(run([...typed, { type: 'offerPrice', price: '65000', ifEmpty: true }]).state.price).toBe('64000');
    expect(run([...typed, { type: 'offerPrice', price: '65100' }]).state.price).toBe('65100');
  });

  it('fills the amount from a share of the balance and places the slider from a typed amount', () => {
    const slid = run([
      { type: 'typePrice', price: '65000' },
      { type: 'slideShare', percent: 25 },
    ]);
    // 25 % of 1000 USDT at 65000 = 0.0038461538... BTC, truncated to lots.
    expect(slid.state.amount).toBe('0.003846');
    expect(slid.summary.total).toBe('249.99');
    const typed = run([
      { type: 'typePrice', price: '65000' },
      { type: 'typeAmount', amount: '0.0077' },
    ]);
    expect(typed.state.percent).toBe(50);
  });

  it('shows field errors only once the trader tried to send, and then no request', () => {
    const tooMuch = [
      { type: 'typePrice', price: '65000' },
      { type: 'typeAmount', amount: '1' },
    ] as const;
    const before = run([...tooMuch]);
    expect(before.summary.errors.amount).toBeUndefined();
    expect(before.summary.request).toBeNull();
    expect(run([...tooMuch, { type: 'submit' }]).summary.errors.amount).toEqual({ key: 'insufficient' });
  });

  it('answers the order/create request with the time in force, and the trigger of a stop-limit order', () => {
    const typed: SpotFormAction[] = [
      { type: 'typePrice', price: '64000' },
      { type: 'typeAmount', amount: '0.01' },
      { type: 'chooseTimeInForce', choice: 'IOC' },
    ];
    expect(run(typed).summary.request).toEqual({ side: 'BUY', type: 3, price: '64000', volume: '0.01' });
    const stop = { ...limitBuy, kind: 'stopLimit' as const };
    expect(run(typed, stop).summary.request).toBeNull();
    const triggered = run([...typed, { type: 'typeTrigger', trigger: '66000' }, { type: 'submit' }], stop);
    expect(triggered.summary.errors.trigger).toBeUndefined();
    expect(triggered.summary.request).toEqual({
      side: 'BUY',
      type: 3,
      price: '64000',
      volume: '0.01',
      triggerPrice: '66000',
    });
  });

  it('values a market buy in the quote coin it spends, with no total', () => {
    const { summary } = run([{ type: 'typeAmount', amount: '10' }], { ...limitBuy, kind: 'market' });
    expect([summary.spendsQuote, summary.amountPrecision, summary.total]).toEqual([true, 2, '']);
    expect(summary.request).toEqual({ side: 'BUY', type: 2, volume: '10' });
    expect(summary.fee).toEqual({ amount: '0.0000003', coin: 'base', rate: 'taker' });
  });

  it('starts over on another market or kind, and clears the amount once the order is placed', () => {
    const typed: SpotFormAction[] = [
      { type: 'typePrice', price: '65000' },
      { type: 'typeTrigger', trigger: '66000' },
      { type: 'slideShare', percent: 50 },
      { type: 'submit' },
    ];
    expect(run([...typed, { type: 'restart' }]).state).toMatchObject({
      price: '65000',
      trigger: '',
      amount: '',
      percent: 0,
      touched: false,
    });
    expect(run([...typed, { type: 'placed' }]).state).toMatchObject({ amount: '', percent: 0, placed: true });
  });
});
