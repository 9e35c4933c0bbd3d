import type { Kysely } from 'kysely';
import type { Database } from '../db/schema.ts';
import type { Clock } from '../platform/clock.ts';
import type { CommandBus, CommandTable, InputOf } from './command-entry.ts';

/**
 * Time as input: the scheduler turns the clock into core commands (interest, funding, expiry, payment windows,
 * rewards) with the time inside them, so applying a command never reads the clock and a replay gives the same state.
 *
 * Each task fires at every multiple of its period. Its command carries the moment it stands for, and the task's mark
 * (schedule_marks: done until that moment) is stored in the same transaction as the command's effects: a restart
 * neither repeats a moment nor skips one, and moments missed while the server was down are sent in order on start.
 * A task starts at the period boundary before its first run (no history is invented). It runs as the job
 * `core.scheduler` (app.ts), so one process of a deployment sends each moment.
 */
export interface ScheduledTask<T extends CommandTable, K extends keyof T & string = keyof T & string> {
  name: string;
  everyMs: number;
  /**
   * Only the latest due moment is sent, and those missed before it never are: for a task whose moment cannot be
   * taken after the fact (a sample of the book as it stands).
   */
  latestOnly?: boolean;
  kind: K;
  /** The command for the moment `at` (it may read the database first, as delivery's prices do). */
  input(at: number): InputOf<T, K> | Promise<InputOf<T, K>>;
}

export class Scheduler<T extends CommandTable> {
  private running: Promise<void> | null = null;

  constructor(
    private readonly db: Kysely<Database>,
    private readonly core: CommandBus<T>,
    private readonly clock: Clock,
    private readonly tasks: readonly ScheduledTask<T>[],
  ) {}

  /** Sends every moment due by now, oldest first; resolves once the core has answered them. */
  runDue(): Promise<void> {
    this.running ??= this.sendDue().finally(() => {
      this.running = null;
    });
    return this.running;
  }

  private async sendDue(): Promise<void> {
    if (this.tasks.length === 0) return;
    const now = this.clock.now();
    const marks = new Map((await this.db.selectFrom('schedule_marks').selectAll().execute()).map((m) => [m.task, m]));
    for (const task of this.tasks) {
      let done = marks.get(task.name)?.done_until ?? (await this.begin(task, now));
      const first = task.latestOnly ? Math.max(done + task.everyMs, floorTo(now, task.everyMs)) : done + task.everyMs;
      for (let at = first; at <= now; at += task.everyMs) {
        await this.core.execute(task.kind, await task.input(at), { at, mark: { task: task.name, until: at } });
        // The database says whether the moment was stored; if not (the core was unavailable) the next run sends it.
        done = await this.doneUntil(task.name);
        if (done < at) break;
      }
    }
  }

  /** A task's first run: it starts at the boundary before now, stored so a restart before the next one keeps it. */
  private async begin(task: ScheduledTask<T>, now: number): Promise<number> {
    const start = floorTo(now, task.everyMs);
    await this.db
      .insertInto('schedule_marks')
      .values({ task: task.name, done_until: start })
      .onConflict((oc) => oc.column('task').doNothing())
      .execute();
    return this.doneUntil(task.name);
  }

  private async doneUntil(task: string): Promise<number> {
    const row = await this.db
      .selectFrom('schedule_marks')
      .select('done_until')
      .where('task', '=', task)
      .executeTakeFirst();
    return row?.done_until ?? Number.NEGATIVE_INFINITY;
  }
}

const floorTo = (t: number, period: number) => Math.floor(t / period) * period;
