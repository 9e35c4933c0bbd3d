import type { KlinePeriod } from '@opex/contract/realtime';

/**
 * Where a trade's candle starts, per period, in epoch seconds (UTC). Fixed-length periods divide time evenly;
 * a week starts on Monday 00:00 and a month on the 1st at 00:00, by the calendar.
 */
const MINUTE = 60;
const fixedSeconds: Partial<Record<KlinePeriod, number>> = {
  '1min': MINUTE,
  '5min': 5 * MINUTE,
  '15min': 15 * MINUTE,
  '30min': 30 * MINUTE,
  '60min': 60 * MINUTE,
  '4h': 240 * MINUTE,
  '1day': 1440 * MINUTE,
};
const DAY = 86_400;
/** 1970-01-01 was a Thursday: Monday 1970-01-05 is the first week start. */
const FIRST_MONDAY = 4 * DAY;

export function candleStart(period: KlinePeriod, ms: number): number {
  const seconds = Math.floor(ms / 1000);
  const fixed = fixedSeconds[period];
  if (fixed) return seconds - (seconds % fixed);
  if (period === '1week') {
    const sinceMonday = (((seconds - FIRST_MONDAY) % (7 * DAY)) + 7 * DAY) % (7 * DAY);
    return seconds - sinceMonday;
  }
  const date = new Date(ms);
  return Date.UTC(date.getUTCFullYear(), date.getUTCMonth(), 1) / 1000;
}
