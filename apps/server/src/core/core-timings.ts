/**
 * Where the trading core's time goes, for the operator (GET /health) and the benchmarks: how long commands wait in
 * the queue, how long a batch takes to apply in memory, and how long it then waits for its commit. Nearly all of an
 * order's latency is the last one, so that is what to watch. Kept per second for the last minute, in histograms
 * whose buckets are a quarter octave wide (about 19%): recording is a few arithmetic steps and no allocation.
 */

/** Buckets from 1 µs up: bucket b holds values below 2^((b + 1) / 4) µs; the last one holds everything above. */
const BUCKETS = 128;
export const SECONDS_KEPT = 60;

class Histogram {
  readonly counts = new Uint32Array(BUCKETS);
  total = 0;

  record(ms: number): void {
    const us = ms * 1000;
    const bucket = us <= 1 ? 0 : Math.min(BUCKETS - 1, Math.floor(Math.log2(us) * 4));
    this.counts[bucket] = (this.counts[bucket] as number) + 1;
    this.total++;
  }

  add(other: Histogram): void {
    for (let b = 0; b < BUCKETS; b++) this.counts[b] = (this.counts[b] as number) + (other.counts[b] as number);
    this.total += other.total;
  }

  clear(): void {
    this.counts.fill(0);
    this.total = 0;
  }

  /** The upper bound of the bucket holding the p-th value, in ms (rounded to µs); null when empty. */
  percentile(p: number): number | null {
    if (this.total === 0) return null;
    const rank = Math.max(1, Math.ceil(this.total * p));
    let seen = 0;
    for (let b = 0; b < BUCKETS; b++) {
      seen += this.counts[b] as number;
      if (seen >= rank) return Math.round(2 ** ((b + 1) / 4)) / 1000;
    }
    return null;
  }
}

class Second {
  at = -1;
  commands = 0;
  readonly queueWait = new Histogram();
  readonly apply = new Histogram();
  readonly commitWait = new Histogram();

  reset(at: number): void {
    this.at = at;
    this.commands = 0;
    this.queueWait.clear();
    this.apply.clear();
    this.commitWait.clear();
  }
}

/** In ms, each the upper bound of its histogram bucket (at most about 19% above the true value); null when empty. */
export interface Percentiles {
  p50: number | null;
  p99: number | null;
  max: number | null;
}

export interface CoreTimingsReport {
  /** The seconds the figures cover: the current one and the `seconds - 1` before it. */
  seconds: number;
  commands: number;
  batches: number;
  /** Each command, from entering the queue to the start of the batch that applies it. */
  queueWaitMs: Percentiles;
  /** Each batch, applied in memory (matching, balances, ledger rows, events). */
  applyMs: Percentiles;
  /** Each batch, from being handed to the writer until its commit (then it is answered). */
  commitWaitMs: Percentiles;
}

export class CoreTimings {
  private readonly seconds = Array.from({ length: SECONDS_KEPT }, () => new Second());

  /** `now` is a monotonic clock in ms (performance.now()). */
  constructor(private readonly now: () => number = () => performance.now()) {}

  /** A batch starts being applied at `startedAt`; `queuedAt` holds when each of its commands entered the queue. */
  batchStarted(queuedAt: readonly number[], startedAt: number): void {
    const second = this.second(startedAt);
    second.commands += queuedAt.length;
    for (const at of queuedAt) second.queueWait.record(startedAt - at);
  }

  batchApplied(ms: number): void {
    this.second(this.now()).apply.record(ms);
  }

  batchCommitted(waitedMs: number): void {
    this.second(this.now()).commitWait.record(waitedMs);
  }

  /** The figures of the current second and the `seconds - 1` before it (1 to 60). */
  report(seconds: number): CoreTimingsReport {
    const span = Math.max(1, Math.min(SECONDS_KEPT, Math.floor(seconds)));
    const current = Math.floor(this.now() / 1000);
    const sum = new Second();
    for (const s of this.seconds) {
      if (s.at <= current - span || s.at > current) continue;
      sum.commands += s.commands;
      sum.queueWait.add(s.queueWait);
      sum.apply.add(s.apply);
      sum.commitWait.add(s.commitWait);
    }
    const percentiles = (h: Histogram): Percentiles => ({
      p50: h.percentile(0.5),
      p99: h.percentile(0.99),
      max: h.percentile(1),
    });
    return {
      seconds: span,
      commands: sum.commands,
      batches: sum.apply.total,
      queueWaitMs: percentiles(sum.queueWait),
      applyMs: percentiles(sum.apply),
      commitWaitMs: percentiles(sum.commitWait),
    };
  }

  private second(ms: number): Second {
    const at = Math.floor(ms / 1000);
    const second = this.seconds[at % SECONDS_KEPT] as Second;
    if (second.at !== at) second.reset(at);
    return second;
  }
}
