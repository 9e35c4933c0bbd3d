import i18next from 'i18next';
import { describe, expect, it } from 'vitest';
import '../i18n/test-i18n.ts';
import { balancePoints, insuranceColumns, insuranceRow } from './insurance-fund.ts';

describe('the insurance fund records', () => {
  it('word a movement as taken over or paid out, signed and coloured by which way it went', () => {
    const taken = insuranceRow(i18next.t, { id: 3, ctime: 0, type: 1, hisAmount: '1234.5678' }, 2).cells;
    expect(taken.type).toEqual({ type: 'text', text: 'Taken over' });
    expect(taken.amount).toEqual({ type: 'label', tone: 'buy', text: '+1,234.56' });
    const paid = insuranceRow(i18next.t, { id: 4, ctime: 0, type: 2, hisAmount: '0.5' }, 2).cells;
    expect(paid.type).toEqual({ type: 'text', text: 'Paid out' });
    expect(paid.amount).toEqual({ type: 'label', tone: 'sell', text: '-0.50' });
    expect(insuranceColumns(i18next.t, 'USDT').map((c) => c.title)).toEqual(['Time', 'Type', 'Amount (USDT)']);
  });

  it('draw the balance oldest first, one point a second, in the reader’s time', () => {
    const day = 86_400_000;
    const line = [
      { ctime: 2 * day, amount: '30.5' },
      { ctime: day, amount: '20' },
      { ctime: day + 400, amount: '25' },
    ];
    expect(balancePoints(line)).toEqual([
      { time: 86_400, value: 25 },
      { time: 172_800, value: 30.5 },
    ]);
    expect(balancePoints(line, () => 3600).map((p) => p.time)).toEqual([90_000, 176_400]);
    expect(balancePoints([])).toEqual([]);
  });
});
