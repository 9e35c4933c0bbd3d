import { describe, expect, it } from 'vitest';
import { dayEnd, dayRange, dayStart } from './date-range.ts';

describe('day ranges of history filters', () => {
  it('covers whole local days', () => {
    const start = dayStart('2026-03-05') as number;
    const end = dayEnd('2026-03-05') as number;
    expect(new Date(start).getHours()).toBe(0);
    expect(new Date(start).getDate()).toBe(5);
    expect(new Date(end).getDate()).toBe(5);
    expect(new Date(end + 1).getDate()).toBe(6);
    expect(new Date(end + 1).getHours()).toBe(0);
  });

  it('leaves an empty side open and ignores what is not a date', () => {
    expect(dayRange('', '')).toEqual({});
    expect(dayRange('2026-01-01', '')).toEqual({ startTime: dayStart('2026-01-01') });
    expect(dayRange('', 'yesterday')).toEqual({});
    expect(dayRange('', '2026-01-31')).toEqual({ endTime: dayEnd('2026-01-31') });
  });
});
