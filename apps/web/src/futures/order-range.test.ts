import { describe, expect, it } from 'vitest';
import { dayRange } from '../records/date-range.ts';
import { defaultOrderDays } from './order-range.ts';

describe('defaultOrderDays', () => {
  it('runs from the start of two days ago to the end of today', () => {
    const now = new Date(2026, 2, 1, 15, 30);
    expect(defaultOrderDays(now)).toEqual({ from: '2026-02-27', to: '2026-03-01' });
    const { startTime, endTime } = dayRange('2026-02-27', '2026-03-01');
    expect(startTime).toBe(new Date(2026, 1, 27).getTime());
    expect(endTime).toBe(new Date(2026, 2, 2).getTime() - 1);
  });
});
