import { randomBytes } from 'node:crypto';
import os from 'node:os';
import type { DatabaseHandle } from '../db/database.ts';
import type { Clock } from '../platform/clock.ts';
import { claimLease, releaseLease } from './job-lease.ts';

/**
 * Keeps exactly one active instance of each named background job (sweeps, watchers, pollers) across every process
 * on one database: a runner runs a job only while it holds the job's lease (job-lease.ts), renews it a few times a
 * lease, and a lease its holder stopped renewing (a crashed or hung process) is taken over by another runner.
 */
export interface Job {
  /** Unique across the deployment: the lease's name. */
  name: string;
  /** The pause between two runs in ms; 0 runs it only when called (tests). */
  everyMs: number;
  /** Run once each time this runner becomes the holder, before its first run: settles what a lost holder left. */
  takeOver?: () => Promise<void>;
  /** One round of the job; a round still running when the next is due makes that one be skipped. */
  run: () => Promise<void>;
}

export interface JobRunnerOptions {
  /** Who holds the leases; by default one per process, and the same for every start of a SQLite server. */
  holder?: string;
  /** How long a claim holds without renewal. */
  leaseMs?: number;
  onError?: (error: unknown, context: string) => void;
}

const LEASE_MS = 30_000;
/** Renewals per lease: two may fail (a slow database) before the lease lapses. */
const RENEWALS_PER_LEASE = 3;

export class JobRunner {
  readonly holder: string;
  private readonly leaseMs: number;

  constructor(
    private readonly database: DatabaseHandle,
    private readonly clock: Clock,
    private readonly options: JobRunnerOptions = {},
  ) {
    // A SQLite file is served by one process, so a restart takes its own leases back instead of waiting them out.
    this.holder =
      options.holder ??
      (database.dialect === 'sqlite' ? 'sqlite' : `${os.hostname()}:${process.pid}:${randomBytes(4).toString('hex')}`);
    this.leaseMs = options.leaseMs ?? LEASE_MS;
  }

  /** Starts keeping `job`; resolves once the first claim (and the take-over, when won) is done. */
  async start(job: Job): Promise<RunningJob> {
    const running = new RunningJob(job, {
      claim: (now) =>
        claimLease(this.database.db, { name: job.name, holder: this.holder, now, expiresAt: now + this.leaseMs }),
      release: () => releaseLease(this.database.db, job.name, this.holder),
      clock: this.clock,
      leaseMs: this.leaseMs,
      onError: this.options.onError ?? ((error, context) => console.error(context, error)),
    });
    await running.renew();
    running.schedule(this.leaseMs / RENEWALS_PER_LEASE);
    return running;
  }
}

interface LeaseAccess {
  claim(now: number): Promise<boolean>;
  release(): Promise<void>;
  clock: Clock;
  leaseMs: number;
  onError: (error: unknown, context: string) => void;
}

/** One job under one runner: its lease, its timers, its round in flight. */
export class RunningJob {
  /** When the lease this runner last won lapses (0: not held). */
  private heldUntil = 0;
  private renewal: Promise<void> | null = null;
  private round: Promise<void> | null = null;
  private timers: NodeJS.Timeout[] = [];
  private stopped = false;

  constructor(
    private readonly job: Job,
    private readonly lease: LeaseAccess,
  ) {}

  /** Whether this runner holds the job now (its own clock says the lease it won has not lapsed). */
  get held(): boolean {
    return this.heldUntil > this.lease.clock.now();
  }

  /** Claims or renews the lease; taking the job over from another holder (or none) runs the take-over first. */
  renew(): Promise<void> {
    this.renewal ??= this.claim().finally(() => {
      this.renewal = null;
    });
    return this.renewal;
  }

  /** One round now, if this runner holds the job and no round is running. */
  runNow(): Promise<void> {
    if (this.stopped || !this.held) return Promise.resolve();
    this.round ??= this.job
      .run()
      .catch((error) => this.lease.onError(error, `job ${this.job.name}`))
      .finally(() => {
        this.round = null;
      });
    return this.round;
  }

  schedule(renewMs: number): void {
    const renew = () => void this.renew().catch((error) => this.lease.onError(error, `job ${this.job.name}: lease`));
    this.timers.push(setInterval(renew, renewMs).unref());
    if (this.job.everyMs > 0) this.timers.push(setInterval(() => void this.runNow(), this.job.everyMs).unref());
  }

  /** Stops the timers, waits for the round in flight, and gives the lease up for another runner to take. */
  async stop(): Promise<void> {
    this.stopped = true;
    for (const timer of this.timers) clearInterval(timer);
    await this.renewal?.catch(() => {});
    await this.round;
    if (this.heldUntil > 0) await this.lease.release();
    this.heldUntil = 0;
  }

  private async claim(): Promise<void> {
    if (this.stopped) return;
    const now = this.lease.clock.now();
    const wasHeld = this.held;
    if (!(await this.lease.claim(now))) {
      this.heldUntil = 0;
      return;
    }
    if (!wasHeld) await this.job.takeOver?.();
    this.heldUntil = now + this.lease.leaseMs;
  }
}
