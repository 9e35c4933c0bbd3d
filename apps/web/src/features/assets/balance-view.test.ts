import { describe, expect, it } from 'vitest';
import { amountText, type CoinBalance, fiatAmount, fiatValue, visibleBalances } from './balance-view.ts';

const coin = (coinName: string, total: string, btc: string): CoinBalance => ({
  coinName,
  normal_balance: total,
  lock_balance: '0',
  total_balance: total,
  allBtcValuatin: btc,
  depositOpen: 1,
  withdrawOpen: 1,
  sort: 1,
  isFiat: 0,
  showPrecision: 8,
  overcharge_balance: '0',
  lock_position_balance: '0',
  lock_increment_amount: '0',
});

describe('balance tables', () => {
  const coins = [
    coin('BTC', '0.5', '0.5'),
    coin('USDT', '0.01', '0.00000025'),
    coin('ETH', '0', '0'),
    coin('NOPRICE', '12', '0'),
    coin('LTC', '0.01', '0.0001'),
  ];

  it('hides zero and small balances but keeps held coins without a price', () => {
    expect(visibleBalances(coins, { search: '', hideSmall: true }).map((c) => c.coinName)).toEqual([
      'BTC',
      'NOPRICE',
      'LTC',
    ]);
    expect(visibleBalances(coins, { search: '', hideSmall: false })).toHaveLength(5);
  });

  it('searches coin names without regard to case', () => {
    expect(visibleBalances(coins, { search: ' us ', hideSmall: false }).map((c) => c.coinName)).toEqual(['USDT']);
    expect(visibleBalances(coins, { search: 'usdt', hideSmall: true })).toEqual([]);
  });

  it('values BTC in the reader fiat exactly, truncated to its digits', () => {
    const usd = { BTC: '65432.1', USD: '1', coin_precision: 2, lang_logo: '$' };
    expect(fiatValue('0.3', usd)).toBe('≈ $19,629.63');
    expect(fiatValue('0.1', { ...usd, BTC: '0.3' })).toBe('≈ $0.03');
    expect(fiatValue('1', { KRW: '1', coin_precision: 0, lang_logo: '₩' })).toBe('');
    expect(fiatValue('1', undefined)).toBe('');
    // A row's value: 0.1 + 0.2 BTC is 0.3 exactly, never 0.30000000000000004.
    expect(fiatAmount('0.30000000', { ...usd, BTC: '65000' })).toBe('$19,500.00');
    expect(fiatAmount('0.00000001', { ...usd, BTC: '65000', coin_precision: 4 })).toBe('$0.0006');
    expect(fiatAmount('0', usd)).toBe('$0.00');
  });

  it('shows amounts at the coin digits, grouped', () => {
    expect(amountText('1234567.123456789', 8)).toBe('1,234,567.123456');
    expect(amountText('0', 4)).toBe('0.0000');
    // The spec's display cap: 14 characters before grouping.
    expect(amountText('123456789.123456789', 8)).toBe('123,456,789.1234');
  });
});
