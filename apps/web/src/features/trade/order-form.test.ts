import { describe, expect, it } from 'vitest';
import {
  amountForShare,
  amountPrecision,
  checkDraft,
  limitTotal,
  type MarketRules,
  shareOfAvailable,
} from './order-form.ts';
import { btcUsdtRules } from './testing/market-entry.ts';

// The demo BTC/USDT market without its minimum order value, so the amount rules show on their own.
const btc: MarketRules = { ...btcUsdtRules, minNotional: '0' };

describe('limitTotal', () => {
  it('multiplies exactly where floats would not', () => {
    expect(limitTotal('0.1', '0.2')).toBe('0.02');
    expect(limitTotal('65000.01', '0.000003')).toBe('0.19500003');
  });
  it('is empty until both fields hold a number', () => {
    expect(limitTotal('', '1')).toBe('');
    expect(limitTotal('1.', '2')).toBe('2');
  });
});

describe('amountForShare', () => {
  it('divides a limit buy share by the price and truncates to lots', () => {
    // 25 % of 1000 USDT at 65000 = 0.0038461538... BTC -> 0.003846
    expect(amountForShare({ side: 'BUY', kind: 'limit', price: '65000' }, 25, '1000', btc)).toBe('0.003846');
  });
  it('takes a share of the base coin for a sell', () => {
    expect(amountForShare({ side: 'SELL', kind: 'limit', price: '' }, 50, '0.1234567', btc)).toBe('0.061728');
    expect(amountForShare({ side: 'SELL', kind: 'market', price: '' }, 100, '0.1234567', btc)).toBe('0.123456');
  });
  it('takes a share of the quote coin for a market buy, at quote decimals', () => {
    expect(amountForShare({ side: 'BUY', kind: 'market', price: '' }, 75, '10.01', btc)).toBe('7.50');
  });
  it('answers nothing without a price for a limit buy or without a balance', () => {
    expect(amountForShare({ side: 'BUY', kind: 'limit', price: '' }, 25, '1000', btc)).toBe('');
    expect(amountForShare({ side: 'SELL', kind: 'limit', price: '1' }, 25, '0', btc)).toBe('');
  });
});

describe('checkDraft', () => {
  it('builds the request of a valid limit order, in canonical decimals', () => {
    expect(checkDraft({ side: 'BUY', kind: 'limit', price: '65000.10', amount: '0.0100' }, btc, '1000')).toEqual({
      ok: true,
      request: { side: 'BUY', type: 1, price: '65000.1', volume: '0.01' },
    });
  });
  it('sends a market buy as the quote amount without a price', () => {
    expect(checkDraft({ side: 'BUY', kind: 'market', price: '70000', amount: '5' }, btc, '5')).toEqual({
      ok: true,
      request: { side: 'BUY', type: 2, volume: '5' },
    });
  });
  it('asks for a price and an amount', () => {
    expect(checkDraft({ side: 'BUY', kind: 'limit', price: '', amount: '0' }, btc)).toEqual({
      ok: false,
      price: { key: 'required' },
      amount: { key: 'required' },
    });
  });
  it('refuses more decimals than the market takes', () => {
    const check = checkDraft({ side: 'SELL', kind: 'limit', price: '1.001', amount: '0.0000001' }, btc);
    expect(check).toEqual({
      ok: false,
      price: { key: 'precision', values: { digits: '2' } },
      amount: { key: 'precision', values: { digits: '6' } },
    });
  });
  it('applies each kind of order its own minimum', () => {
    expect(checkDraft({ side: 'BUY', kind: 'market', price: '', amount: '4.99' }, btc)).toMatchObject({
      amount: { key: 'marketBuyMin', values: { min: '5' } },
    });
    expect(checkDraft({ side: 'SELL', kind: 'market', price: '', amount: '0.00009' }, btc)).toMatchObject({
      amount: { key: 'marketSellMin', values: { min: '0.0001' } },
    });
    expect(
      checkDraft({ side: 'SELL', kind: 'limit', price: '0.001', amount: '1' }, { ...btc, pricePrecision: 3 }),
    ).toMatchObject({ price: { key: 'priceMin', values: { min: '0.01' } } });
  });
  it("refuses an order worth less than the market's minimum value, exactly at the edge", () => {
    const rules = { ...btc, minNotional: '10' };
    const limit = (price: string, amount: string) => checkDraft({ side: 'SELL', kind: 'limit', price, amount }, rules);
    expect(limit('100', '0.099999')).toMatchObject({ ok: false, amount: { key: 'minValue', values: { min: '10' } } });
    expect(limit('100', '0.1')).toMatchObject({ ok: true });
    const spend = (amount: string) => checkDraft({ side: 'BUY', kind: 'market', price: '', amount }, rules);
    expect(spend('9.99')).toMatchObject({ amount: { key: 'minValue' } });
    expect(spend('10')).toMatchObject({ ok: true });
    // A market sell's value depends on the last price: the server checks it.
    expect(checkDraft({ side: 'SELL', kind: 'market', price: '', amount: '0.0001' }, rules)).toMatchObject({
      ok: true,
    });
  });
  it('keeps a limit price within the band at the last price, naming the edge and the percent', () => {
    const at = (side: 'BUY' | 'SELL', price: string, last: string | null) =>
      checkDraft({ side, kind: 'limit', price, amount: '1' }, btcUsdtRules, undefined, last);
    expect(at('BUY', '27500', '25000')).toMatchObject({ ok: true });
    expect(at('BUY', '27500.01', '25000')).toMatchObject({
      ok: false,
      price: { key: 'buyAboveBand', values: { edge: '27,500.00', percent: '10' } },
    });
    expect(at('SELL', '22500', '25000')).toMatchObject({ ok: true });
    expect(at('SELL', '22499.99', '25000')).toMatchObject({
      price: { key: 'sellBelowBand', values: { edge: '22,500.00', percent: '10' } },
    });
    // A buy below or a sell above the last price only rests; no trade yet, no band.
    expect(at('BUY', '1000', '25000')).toMatchObject({ ok: true });
    expect(at('SELL', '90000', '25000')).toMatchObject({ ok: true });
    expect(at('BUY', '90000', null)).toMatchObject({ ok: true });
  });
  it('refuses what the balance does not cover, exactly at the edge', () => {
    const buy = { side: 'BUY', kind: 'limit', price: '0.1', amount: '3' } as const;
    expect(checkDraft(buy, btc, '0.3').ok).toBe(true);
    expect(checkDraft(buy, btc, '0.29')).toMatchObject({ amount: { key: 'insufficient' } });
    expect(checkDraft({ side: 'SELL', kind: 'market', price: '', amount: '1.000001' }, btc, '1')).toMatchObject({
      amount: { key: 'insufficient' },
    });
  });
  it('gives a market buy quote decimals', () => {
    expect(amountPrecision({ side: 'BUY', kind: 'market' }, btc)).toBe(2);
    expect(amountPrecision({ side: 'BUY', kind: 'limit' }, btc)).toBe(6);
  });
});

describe('shareOfAvailable', () => {
  it('places the slider where a typed amount stands against the balance, rounded down', () => {
    // 0.003846 BTC at 65000 costs 249.99 of 1000 USDT: 24 %, not 25 %.
    expect(shareOfAvailable({ side: 'BUY', kind: 'limit', price: '65000', amount: '0.003846' }, '1000')).toBe(24);
    expect(shareOfAvailable({ side: 'SELL', kind: 'limit', price: '1', amount: '0.5' }, '2')).toBe(25);
    expect(shareOfAvailable({ side: 'BUY', kind: 'market', price: '', amount: '500' }, '1000')).toBe(50);
  });
  it('stops at 100 and is 0 when it cannot be worked out', () => {
    expect(shareOfAvailable({ side: 'SELL', kind: 'market', price: '', amount: '3' }, '2')).toBe(100);
    expect(shareOfAvailable({ side: 'BUY', kind: 'limit', price: '', amount: '1' }, '1000')).toBe(0);
    expect(shareOfAvailable({ side: 'SELL', kind: 'limit', price: '1', amount: '1' }, '0')).toBe(0);
    expect(shareOfAvailable({ side: 'SELL', kind: 'limit', price: '1', amount: 'x' }, '5')).toBe(0);
  });
  it('goes back to the same share the slider filled in (round trip within one percent)', () => {
    const rules = btc;
    for (const percent of [25, 50, 75, 100]) {
      const draft = { side: 'SELL' as const, kind: 'limit' as const, price: '65000' };
      const amount = amountForShare(draft, percent, '0.123457', rules);
      expect(shareOfAvailable({ ...draft, amount }, '0.123457')).toBeGreaterThanOrEqual(percent - 1);
    }
  });
});
