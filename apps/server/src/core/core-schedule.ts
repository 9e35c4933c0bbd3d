import type { CoreCommands } from './core-commands.ts';
import type { FundingMoment } from './futures/funding-commands.ts';
import { MINUTE_MS } from './futures/funding-times.ts';
import type { ScheduledTask } from './scheduler.ts';

const HOUR_MS = 3_600_000;

/** The core's time-driven commands, a row per task. */
export const coreSchedule: readonly ScheduledTask<CoreCommands>[] = [
  /** Margin loans' interest, posted to the ledger in whole units every hour (and at every repayment). */
  { name: 'margin.interest', everyMs: HOUR_MS, kind: 'marginInterest', input: () => ({}) },
];

/**
 * Futures funding (core/futures/funding-commands.ts), its prices read at each moment from `prices`: a premium sample
 * every minute (a minute missed is not sampled later), and every hour the settlement of the contracts whose funding
 * moment it is (funding intervals are whole hours).
 */
export const fundingSchedule = (prices: {
  fundingMoment(at: number): FundingMoment;
}): ScheduledTask<CoreCommands>[] => [
  {
    name: 'futures.premium',
    everyMs: MINUTE_MS,
    latestOnly: true,
    kind: 'premiumSample',
    input: (at) => prices.fundingMoment(at),
  },
  { name: 'futures.funding', everyMs: HOUR_MS, kind: 'fundingSettle', input: (at) => prices.fundingMoment(at) },
];

/** How often the scheduler looks for due moments; a task's period is its own (an hour, eight hours). */
export const SCHEDULER_TICK_MS = 1000;
