import { describe, expect, it } from 'vitest';
import { amountText, type CoinBalance, fiatAmount, fiatTotal, visibleBalances } from './balance-view.ts';

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

  it('values each coin at its own rate in the reader fiat, exactly, truncated to its digits', () => {
    const usd = { BTC: '65432.1', USDT: '1', USD: '1', coin_precision: 2, lang_logo: '$' };
    // Pegged 1:1: exactly $25,000.00, whatever BTC is worth.
    expect(fiatAmount('USDT', '25000', usd)).toBe('$25,000.00');
    expect(fiatAmount('BTC', '0.3', usd)).toBe('$19,629.63');
    expect(fiatAmount('BTC', '0.00000001', { ...usd, BTC: '65000', coin_precision: 4 })).toBe('$0.0006');
    expect(fiatAmount('BTC', '0', usd)).toBe('$0.00');
    expect(fiatAmount('NOPRICE', '12', usd)).toBe('');
    expect(fiatAmount('BTC', '1', undefined)).toBe('');
    // 0.1 + 0.2 of a coin at 3 is 0.9 exactly, never 0.9000000000000001.
    expect(fiatTotal([coin('X', '0.1', '0'), coin('Y', '0.2', '0')], { X: '3', Y: '3', coin_precision: 18 })).toBe(
      '≈ 0.900000000000000000',
    );
  });

  it('totals the coins that have a rate, each at its own', () => {
    const krw = { BTC: '87750000', USDT: '1350', coin_precision: 0, lang_logo: '₩' };
    expect(fiatTotal(coins, krw)).toBe('≈ ₩43,875,013');
    expect(fiatTotal([coin('NOPRICE', '12', '0')], krw)).toBe('');
  });

  it('shows amounts at the coin digits, grouped', () => {
    expect(amountText('1234567.123456789', 8)).toBe('1,234,567.123456');
    expect(amountText('0', 4)).toBe('0.0000');
    // The spec's display cap: 14 characters before grouping.
    expect(amountText('123456789.123456789', 8)).toBe('123,456,789.1234');
  });
});
