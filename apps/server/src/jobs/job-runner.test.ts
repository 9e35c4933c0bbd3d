import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { openTestDatabase, type TestDatabase, testDialects } from '../../test/harness.ts';
import { ManualClock } from '../platform/clock.ts';
import { type Job, JobRunner, type RunningJob } from './job-runner.ts';

/** Long enough that the runners' own timers never fire during a test: the test drives renewals and rounds. */
const LEASE_MS = 600_000;

describe.each(testDialects)('the job runner on %s', (dialect) => {
  let database: TestDatabase;
  let clock: ManualClock;
  const started: RunningJob[] = [];

  /** A runner named `holder` starting the job `sweep`, counting its take-overs and rounds. */
  async function startRunner(holder: string) {
    const counts = { takeOvers: 0, runs: 0 };
    const job: Job = {
      name: 'sweep',
      everyMs: 0,
      takeOver: async () => {
        counts.takeOvers++;
      },
      run: async () => {
        counts.runs++;
      },
    };
    const running = await new JobRunner(database, clock, { holder, leaseMs: LEASE_MS }).start(job);
    started.push(running);
    return { running, counts };
  }

  beforeEach(async () => {
    database = await openTestDatabase(dialect);
    clock = new ManualClock();
  });

  afterEach(async () => {
    for (const running of started.splice(0)) await running.stop();
    await database.drop();
  });

  it('runs a job in one of two runners only', async () => {
    const a = await startRunner('a');
    const b = await startRunner('b');
    await Promise.all([a.running.runNow(), b.running.runNow(), a.running.runNow()]);
    await b.running.renew();
    await b.running.runNow();
    expect([a.running.held, b.running.held]).toEqual([true, false]);
    expect(a.counts).toEqual({ takeOvers: 1, runs: 1 });
    expect(b.counts).toEqual({ takeOvers: 0, runs: 0 });
  });

  it('keeps the job while the holder renews', async () => {
    const a = await startRunner('a');
    const b = await startRunner('b');
    clock.advance(LEASE_MS / 2);
    await a.running.renew();
    clock.advance(LEASE_MS / 2 + 1);
    await b.running.renew();
    expect([a.running.held, b.running.held]).toEqual([true, false]);
    expect(a.counts.takeOvers).toBe(1);
  });

  it('hands the job over when the holder stops renewing', async () => {
    const a = await startRunner('a');
    const b = await startRunner('b');
    clock.advance(LEASE_MS + 1);
    // The lapsed holder no longer runs it, even before it learns another runner took it.
    await a.running.runNow();
    await b.running.renew();
    await b.running.runNow();
    await a.running.renew();
    await a.running.runNow();
    expect([a.running.held, b.running.held]).toEqual([false, true]);
    expect(a.counts).toEqual({ takeOvers: 1, runs: 0 });
    expect(b.counts).toEqual({ takeOvers: 1, runs: 1 });
  });

  it('gives the job up on stop, for another runner to take at once', async () => {
    const a = await startRunner('a');
    const b = await startRunner('b');
    await a.running.stop();
    await b.running.renew();
    await b.running.runNow();
    expect(b.counts).toEqual({ takeOvers: 1, runs: 1 });
  });
});
