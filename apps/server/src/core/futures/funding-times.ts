/**
 * When a perpetual contract funds: every `frequencyHours` hours from `startHour` (UTC) each day. The operator's
 * frequency divides a day, so the moments are the epoch's multiples of the interval shifted by the start hour.
 * An interval runs from one funding moment up to (not including) the next; the premium sampled at a funding moment
 * belongs to the interval it opens.
 */
export interface FundingSchedule {
  frequencyHours: number;
  startHour: number;
}

const HOUR_MS = 3_600_000;
export const MINUTE_MS = 60_000;

export const intervalMs = (s: FundingSchedule) => s.frequencyHours * HOUR_MS;

/** Where `at` stands in its interval, in ms from the interval's start (0 at a funding moment). */
function intoInterval(s: FundingSchedule, at: number): number {
  const interval = intervalMs(s);
  return (((at - s.startHour * HOUR_MS) % interval) + interval) % interval;
}

export const isFundingTime = (s: FundingSchedule, at: number) => intoInterval(s, at) === 0;

/** The start of the interval running at `at` (a funding moment at or before it). */
export const intervalStart = (s: FundingSchedule, at: number) => at - intoInterval(s, at);

/** The next funding moment after `at` (a funding moment itself is the start of an interval, not its end). */
export const nextFundingTime = (s: FundingSchedule, at: number) => intervalStart(s, at) + intervalMs(s);
