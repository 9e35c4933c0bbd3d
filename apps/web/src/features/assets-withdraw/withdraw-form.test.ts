import { describe, expect, it } from 'vitest';
import { withdrawSums } from './withdraw-form.ts';

const limits = { available: '1.0005', fee: '0.0005', minAmount: '0.001', dailyLimit: '2', usedToday: '0.5', scale: 8 };

describe('withdrawSums', () => {
  it('adds the fee exactly, without float error', () => {
    expect(withdrawSums('0.1', { ...limits, fee: '0.2', available: '5' })).toMatchObject({
      total: '0.3',
      problem: null,
    });
    expect(withdrawSums('1', limits)).toMatchObject({ total: '1.0005', problem: null });
  });

  it('gives the largest amount the balance and the day allow', () => {
    expect(withdrawSums('', limits)).toMatchObject({ max: '1', leftToday: '1.5', problem: 'amountMissing' });
    expect(withdrawSums('', { ...limits, available: '9' }).max).toBe('1.5');
    expect(withdrawSums('', { ...limits, available: '0.0001' }).max).toBe('0');
    expect(withdrawSums('', { ...limits, available: '1.123456789', scale: 4 }).max).toBe('1.1229');
  });

  it.each([
    ['0', 'amountMissing'],
    ['0.0009', 'belowMinimum'],
    ['1.0001', 'overBalance'],
    ['0.000000001', 'precision'],
  ] as const)('refuses %s as %s', (amount, problem) => {
    expect(withdrawSums(amount, limits).problem).toBe(problem);
  });

  it('refuses what is over the daily limit though the balance allows it', () => {
    expect(withdrawSums('1.6', { ...limits, available: '9' }).problem).toBe('overDailyLimit');
    expect(withdrawSums('1.5', { ...limits, available: '9' }).problem).toBe(null);
  });
});
