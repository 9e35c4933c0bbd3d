import { describe, expect, it } from 'vitest';
import {
  addDays,
  addMonths,
  CALENDAR_UPPER_BOUND_SECONDS,
  dayOfSeconds,
  isWithinBounds,
  monthGrid,
  parseIsoDate,
} from './calendar-month.ts';

describe('calendar month', () => {
  it('starts weeks on Monday and fills them with adjacent days', () => {
    // May 2024 begins on a Wednesday.
    const weeks = monthGrid({ year: 2024, month: 4 });
    expect(weeks[0]?.map((d) => d.date)).toEqual([
      '2024-04-29',
      '2024-04-30',
      '2024-05-01',
      '2024-05-02',
      '2024-05-03',
      '2024-05-04',
      '2024-05-05',
    ]);
    expect(weeks[0]?.[0]?.inMonth).toBe(false);
    expect(weeks[0]?.[2]?.inMonth).toBe(true);
    expect(weeks.at(-1)?.at(-1)?.date).toBe('2024-06-02');
    expect(weeks.flat().filter((d) => d.inMonth)).toHaveLength(31);
  });

  it('writes dates with dashes', () => {
    expect(addDays('2024-02-28', 1)).toBe('2024-02-29');
    expect(addDays('2024-03-01', -1)).toBe('2024-02-29');
    expect(addMonths({ year: 2024, month: 11 }, 1)).toEqual({ year: 2025, month: 0 });
    expect(parseIsoDate('2024-02-30')).toBeNull();
  });

  it('refuses days outside the bounds, upper bound 2554387200 by default', () => {
    expect(CALENDAR_UPPER_BOUND_SECONDS).toBe(2554387200);
    const upperDay = dayOfSeconds(CALENDAR_UPPER_BOUND_SECONDS);
    expect(isWithinBounds(upperDay, undefined, CALENDAR_UPPER_BOUND_SECONDS)).toBe(true);
    expect(isWithinBounds(addDays(upperDay, 1), undefined, CALENDAR_UPPER_BOUND_SECONDS)).toBe(false);
    const lower = new Date(2024, 0, 10, 12).getTime() / 1000;
    expect(isWithinBounds('2024-01-09', lower, CALENDAR_UPPER_BOUND_SECONDS)).toBe(false);
    expect(isWithinBounds('2024-01-10', lower, CALENDAR_UPPER_BOUND_SECONDS)).toBe(true);
  });
});
