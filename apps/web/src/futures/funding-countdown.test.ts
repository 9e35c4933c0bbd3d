import { describe, expect, it } from 'vitest';
import { clockOffset, countdownText, nextFundingTime } from './funding-countdown.ts';

const at = (iso: string) => Date.parse(iso);

describe('nextFundingTime', () => {
  it('is the next multiple of the interval after the start hour', () => {
    expect(nextFundingTime(at('2026-03-01T05:30:00Z'), 0, 8)).toBe(at('2026-03-01T08:00:00Z'));
    expect(nextFundingTime(at('2026-03-01T17:59:59Z'), 0, 8)).toBe(at('2026-03-02T00:00:00Z'));
  });

  it('counts from a start hour later in the day than now', () => {
    expect(nextFundingTime(at('2026-03-01T01:00:00Z'), 4, 8)).toBe(at('2026-03-01T04:00:00Z'));
    expect(nextFundingTime(at('2026-03-01T21:00:00Z'), 4, 8)).toBe(at('2026-03-02T04:00:00Z'));
  });

  it('at a settlement moment, is the one after it', () => {
    expect(nextFundingTime(at('2026-03-01T08:00:00Z'), 0, 8)).toBe(at('2026-03-01T16:00:00Z'));
  });

  it('handles hourly and daily intervals', () => {
    expect(nextFundingTime(at('2026-03-01T08:20:00Z'), 0, 1)).toBe(at('2026-03-01T09:00:00Z'));
    expect(nextFundingTime(at('2026-03-01T08:20:00Z'), 12, 24)).toBe(at('2026-03-01T12:00:00Z'));
    expect(nextFundingTime(at('2026-03-01T13:20:00Z'), 12, 24)).toBe(at('2026-03-02T12:00:00Z'));
  });

  it('is undefined without an interval', () => {
    expect(nextFundingTime(at('2026-03-01T08:20:00Z'), 0, 0)).toBeUndefined();
  });

  it('runs on the server clock: the browser time plus the offset', () => {
    const browserNow = at('2026-03-01T07:59:00Z');
    const offset = clockOffset(at('2026-03-01T08:01:00Z'), browserNow);
    expect(nextFundingTime(browserNow + offset, 0, 8)).toBe(at('2026-03-01T16:00:00Z'));
  });
});

describe('countdownText', () => {
  it('shows hh:mm:ss and never goes below zero', () => {
    expect(countdownText(2 * 3_600_000 + 5 * 60_000 + 9_999)).toBe('02:05:09');
    expect(countdownText(-5)).toBe('00:00:00');
  });
});
