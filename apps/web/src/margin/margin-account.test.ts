import { describe, expect, it } from 'vitest';
import {
  amountProblem,
  dailyRateText,
  exactAmount,
  liquidatedSince,
  marginAmount,
  marginCoin,
  repayAllAmount,
  riskText,
  riskTone,
  transferMax,
} from './margin-account.ts';
import { leverPairFixture } from './testing/lever-pair.ts';

const lines = { warnRate: '130', transferRate: '150', liquidationRate: '110' };

describe('risk rate', () => {
  it('is coloured by the lines: under each line worse, at the liquidation line liquidated', () => {
    expect(riskTone('', lines)).toBe('none');
    expect(riskTone('200.00', lines)).toBe('safe');
    expect(riskTone('150.00', lines)).toBe('safe');
    expect(riskTone('149.99', lines)).toBe('transfer');
    expect(riskTone('129.99', lines)).toBe('warning');
    expect(riskTone('110.00', lines)).toBe('liquidation');
    expect(riskTone('80.5', lines)).toBe('liquidation');
  });

  it('the lowest line crossed decides, whatever order the lines come in', () => {
    expect(riskTone('155', { ...lines, warnRate: '160' })).toBe('warning');
    expect(riskTone('125', lines)).toBe('warning');
  });

  it('shows with "%", and "--" when nothing is owed', () => {
    expect(riskText('123.45')).toBe('123.45%');
    expect(riskText('')).toBe('--');
  });
});

describe('transfer max', () => {
  const pair = leverPairFixture({
    baseExNormalBalance: '0.123456789',
    quoteExNormalBalance: '',
    quoteEXNormalBalance: '1000.1234567',
    baseCanTransfer: '0.5',
    quoteCanTransfer: '250.9999999',
  });

  it('into the margin account: the exchange account available, cut to the coin decimals', () => {
    expect(transferMax(marginCoin(pair, 'base'), 'in')).toBe('0.12345678');
    // The original's casing quoteEXNormalBalance is read when the other is missing.
    expect(transferMax(marginCoin(pair, 'quote'), 'in')).toBe('1000.123456');
  });

  it('out of it: CanTransfer, never rounded up', () => {
    expect(transferMax(marginCoin(pair, 'base'), 'out')).toBe('0.5');
    expect(transferMax(marginCoin(pair, 'quote'), 'out')).toBe('250.999999');
    expect(transferMax(marginCoin(leverPairFixture(), 'quote'), 'out')).toBe('0');
  });
});

describe('repay all', () => {
  it('is the principal and interest owed, exactly', () => {
    expect(repayAllAmount({ oweAmount: '100.1', oweInterest: '0.00000001' })).toBe('100.10000001');
    expect(repayAllAmount({ oweAmount: '0.1', oweInterest: '0.2' })).toBe('0.3');
  });
});

describe('amount rules', () => {
  it('borrow: within [MinBorrow, CanBorrow]', () => {
    const limits = { min: '10', max: '500' };
    expect(amountProblem('', limits)).toBe('amountRequired');
    expect(amountProblem('0.000', limits)).toBe('amountRequired');
    expect(amountProblem('9.99', limits)).toBe('belowMin');
    expect(amountProblem('500.01', limits)).toBe('aboveMax');
    expect(amountProblem('500', limits)).toBeNull();
  });

  it('repay: at most what is owed and what is available', () => {
    expect(amountProblem('101', { owed: '100', available: '200' })).toBe('overOwed');
    expect(amountProblem('60', { owed: '100', available: '50' })).toBe('overAvailable');
    expect(amountProblem('50', { owed: '100', available: '50' })).toBeNull();
  });
});

describe('display', () => {
  it('shows amounts at 8 decimals at most, truncated', () => {
    expect(marginAmount('1234.123456789')).toBe('1,234.12345678');
    expect(marginAmount('1.5', 6, 'USDT')).toBe('1.500000 USDT');
    expect(dailyRateText('0.0002')).toBe('0.02%');
    // A loan's interest keeps its decimals beyond the coin's display precision, up to 8.
    expect(exactAmount('0.000003', 2)).toBe('0.000003');
    expect(exactAmount('400', 2, 'USDT')).toBe('400.00 USDT');
    expect(exactAmount('0.1234567891', 2)).toBe('0.12345678');
  });
});

describe('liquidated since the page opened', () => {
  const push = (state: string, riskRate = '', symbol = 'BTCUSDT') => ({ symbol, state, riskRate });

  it('until the pair owes again; other pairs do not count', () => {
    expect(liquidatedSince([push('safe', '180.00')], 'BTCUSDT')).toBe(false);
    expect(liquidatedSince([push('warning', '120.00'), push('liquidated'), push('safe')], 'BTCUSDT')).toBe(true);
    expect(liquidatedSince([push('liquidated'), push('safe', '200.00')], 'BTCUSDT')).toBe(false);
    expect(liquidatedSince([push('liquidated', '', 'ETHUSDT')], 'BTCUSDT')).toBe(false);
  });
});
