import { describe, expect, it } from 'vitest';
import { CoreTimings } from './core-timings.ts';

function timingsAt(start: number) {
  const clock = { ms: start };
  return { clock, timings: new CoreTimings(() => clock.ms) };
}

describe('core timings', () => {
  it('reports percentiles of queue wait, apply time and commit wait within a quarter octave', () => {
    const { clock, timings } = timingsAt(10_000);
    const waits = Array.from({ length: 100 }, (_, i) => clock.ms - (i + 1));
    timings.batchStarted(waits, clock.ms);
    for (let i = 1; i <= 100; i++) timings.batchApplied(i / 10);
    for (let i = 1; i <= 100; i++) timings.batchCommitted(i);
    const r = timings.report(10);
    expect(r).toMatchObject({ seconds: 10, commands: 100, batches: 100 });
    const within = (value: number | null, exact: number) => {
      expect(value).not.toBeNull();
      expect(value as number).toBeGreaterThanOrEqual(exact);
      expect(value as number).toBeLessThanOrEqual(exact * 1.19 + 0.001);
    };
    within(r.queueWaitMs.p50, 50);
    within(r.queueWaitMs.p99, 99);
    within(r.queueWaitMs.max, 100);
    within(r.applyMs.p50, 5);
    within(r.commitWaitMs.p99, 99);
  });

  it('covers only the seconds asked for, and forgets a second after a minute', () => {
    const { clock, timings } = timingsAt(100_000);
    timings.batchCommitted(40);
    clock.ms += 5_000;
    timings.batchCommitted(2);
    expect(timings.report(3).commitWaitMs.max).toBeLessThan(3);
    expect(timings.report(10).commitWaitMs.max).toBeGreaterThanOrEqual(40);
    clock.ms += 60_000;
    expect(timings.report(60)).toMatchObject({ batches: 0, commitWaitMs: { p50: null, p99: null, max: null } });
  });
});
