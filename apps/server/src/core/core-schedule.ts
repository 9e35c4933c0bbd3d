import type { CoreCommands } from './core-commands.ts';
import type { FundingMoment } from './futures/funding-commands.ts';
import { MINUTE_MS } from './futures/funding-times.ts';
import type { DeliveryCommand } from './futures/futures-delivery.ts';
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

/**
 * Dated contracts' delivery (core/futures/futures-delivery.ts), each minute: the contracts due by the moment, priced
 * from their stored index bars (futures/contract-delivery.ts); a moment missed while the server was down is sent on
 * start, and a delivered contract is no longer live, so none is skipped or delivered twice. Then the roll: the
 * delivered contracts' successors are listed in the catalogue and the core reads the markets again (reloadMarkets),
 * so the next contract trades within the same minute.
 */
export const deliverySchedule = (delivery: {
  moment(at: number): Promise<DeliveryCommand>;
  roll(at: number): Promise<void>;
}): ScheduledTask<CoreCommands>[] => [
  { name: 'futures.delivery', everyMs: MINUTE_MS, kind: 'futuresDeliver', input: (at) => delivery.moment(at) },
  {
    name: 'futures.roll',
    everyMs: MINUTE_MS,
    latestOnly: true,
    kind: 'reloadMarkets',
    input: async (at) => {
      await delivery.roll(at);
      return {};
    },
  },
];

/** How often the scheduler looks for due moments; a task's period is its own (an hour, eight hours). */
export const SCHEDULER_TICK_MS = 1000;
