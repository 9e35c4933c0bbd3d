import { describe, expect, it } from 'vitest';
import { compareDecimals, spotOrderTerms, spotOrderType, triggerDirection } from './spot-order-terms.ts';

describe('spot order types', () => {
  it('read 3 IOC, 4 FOK and 5 post-only as limit orders, and back', () => {
    expect(spotOrderTerms(3)).toEqual({ kind: 1, timeInForce: 'IOC', postOnly: false });
    expect(spotOrderTerms(5)).toEqual({ kind: 1, timeInForce: 'GTC', postOnly: true });
    for (const type of [1, 2, 3, 4, 5] as const) {
      const terms = spotOrderTerms(type);
      expect(spotOrderType(terms.kind, terms.timeInForce, terms.postOnly)).toBe(type);
    }
  });
});

describe('triggerDirection', () => {
  it('is a stop when a buy waits for a rise or a sell for a fall, else a take-profit', () => {
    expect(triggerDirection('BUY', '110', '100')).toEqual({ ok: true, rises: true, kind: 'stop' });
    expect(triggerDirection('BUY', '90', '100')).toEqual({ ok: true, rises: false, kind: 'takeProfit' });
    expect(triggerDirection('SELL', '90.5', '100')).toEqual({ ok: true, rises: false, kind: 'stop' });
    expect(triggerDirection('SELL', '100.01', '100')).toEqual({ ok: true, rises: true, kind: 'takeProfit' });
  });
  it('refuses a trigger at the last price, or without one', () => {
    expect(triggerDirection('BUY', '100.00', '100')).toEqual({ ok: false, rule: 'trigger_at_last_price' });
    expect(triggerDirection('BUY', '100', null)).toEqual({ ok: false, rule: 'trigger_no_last_price' });
  });
  it('compares decimals exactly', () => {
    expect(compareDecimals('0.1', '0.10')).toBe(0);
    expect(compareDecimals('123456789012345678.000000001', '123456789012345678')).toBe(1);
  });
});
