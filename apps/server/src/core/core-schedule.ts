import type { CoreCommands } from './core-commands.ts';
import type { ScheduledTask } from './scheduler.ts';

/** The core's time-driven commands, a row per task: margin's hourly interest will be the first. */
export const coreSchedule: readonly ScheduledTask<CoreCommands>[] = [];

/** How often the scheduler looks for due moments; a task's period is its own (an hour, eight hours). */
export const SCHEDULER_TICK_MS = 1000;
