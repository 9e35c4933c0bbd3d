import type { CoreCommands } from './core-commands.ts';
import type { ScheduledTask } from './scheduler.ts';

const HOUR_MS = 3_600_000;

/** The core's time-driven commands, a row per task. */
export const coreSchedule: readonly ScheduledTask<CoreCommands>[] = [
  /** Margin loans' interest, posted to the ledger in whole units every hour (and at every repayment). */
  { name: 'margin.interest', everyMs: HOUR_MS, kind: 'marginInterest', input: () => ({}) },
];

/** How often the scheduler looks for due moments; a task's period is its own (an hour, eight hours). */
export const SCHEDULER_TICK_MS = 1000;
