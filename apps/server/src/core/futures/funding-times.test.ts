import { describe, expect, it } from 'vitest';
import { intervalStart, isFundingTime, nextFundingTime } from './funding-times.ts';

const at = (day: number, hour: number, minute = 0) => Date.UTC(2026, 0, day, hour, minute);

describe('funding times', () => {
  const eightFromMidnight = { frequencyHours: 8, startHour: 0 };
  const eightFromFour = { frequencyHours: 8, startHour: 4 };

  it('fall every interval from the start hour, UTC', () => {
    expect([0, 8, 16].every((h) => isFundingTime(eightFromMidnight, at(2, h)))).toBe(true);
    expect(isFundingTime(eightFromMidnight, at(2, 15, 59))).toBe(false);
    expect(isFundingTime(eightFromMidnight, at(2, 4))).toBe(false);
    expect([4, 12, 20].every((h) => isFundingTime(eightFromFour, at(2, h)))).toBe(true);
    expect(isFundingTime({ frequencyHours: 1, startHour: 0 }, at(2, 13))).toBe(true);
  });

  it('open the interval they start: a sample at a funding moment belongs to the next rate', () => {
    expect(intervalStart(eightFromMidnight, at(2, 15, 59))).toBe(at(2, 8));
    expect(intervalStart(eightFromMidnight, at(2, 16))).toBe(at(2, 16));
    expect(nextFundingTime(eightFromMidnight, at(2, 16))).toBe(at(3, 0));
    expect(nextFundingTime(eightFromMidnight, at(2, 15, 59))).toBe(at(2, 16));
    // Before the first funding of the day: the interval began the evening before.
    expect(intervalStart(eightFromFour, at(2, 3))).toBe(at(1, 20));
    expect(nextFundingTime(eightFromFour, at(2, 3))).toBe(at(2, 4));
  });
});
