import type { OrderBook } from '@opex/engine/order-book';
import type { DatabaseHandle } from '../db/database.ts';
import type { Movement } from '../ledger/ledger.ts';
import type { Clock } from '../platform/clock.ts';
import { BatchEffects } from './batch-effects.ts';
import { type AlongsideRows, alongsideWrites, type BatchRows, batchOutput } from './batch-rows.ts';
import { writeBatch } from './batch-writer.ts';
import type { CommandBus, InputOf, OutcomeOf, ScheduleMark } from './command-entry.ts';
import { type CoreCommands, coreCommands, type MovementOutcome } from './core-commands.ts';
import { type CoreEventBus, InProcessEventBus } from './core-events.ts';
import { inboxCommand } from './core-inbox.ts';
import { CoreState } from './core-state.ts';
import { CoreTimings } from './core-timings.ts';
import { type CoreWriter, openCoreWriter } from './core-writer.ts';
import { formatUnits } from './decimal-units.ts';
import { loadFeeCoinConfig } from './fee-coin.ts';
import { loadMarketSpecs, type MarketSpec } from './market-spec.ts';
import { ClientOrderIds } from './spot/client-order-ids.ts';
import type { CancelOutcome } from './spot/order-cancel.ts';
import type { PlaceCommand, PlaceOutcome } from './spot/order-placement.ts';
import type { CancelAllOutcome, CancelCommand } from './spot/spot-commands.ts';

/**
 * The trading core: the single writer of order books and of the balances it holds. Commands queue up; one loop
 * takes everything queued (up to maxBatch), applies it in memory, hands all its effects to the writer as ONE
 * transaction, and only after that commit answers each command and publishes events. The loop does not wait for
 * the commit to apply the next batch (at most maxInFlight batches wait for theirs); commits, answers and events keep
 * the batches' order. If a write fails, that batch and every later one still waiting are answered 'trading
 * unavailable' and memory is rebuilt from the database: nothing acknowledged is lost, nothing unacknowledged is
 * half-written.
 *
 * Every balance change of a user must go through it: in-process with execute() (postMovement()); from another
 * process (the operator CLI) by a row in core_inbox (core-inbox.ts: a movement, or an operator's funding settlement),
 * which the core polls and applies in the same transaction that marks the row done.
 *
 * What a command does is its row in the command table (core-commands.ts); this loop knows none by name. Time is
 * input: each command carries the moment it was sent (`at`), and applying it never reads the clock.
 */
export type { CancelAllOutcome, MovementOutcome };

interface Job {
  kind: keyof CoreCommands & string;
  input: unknown;
  at: number;
  mark: ScheduleMark | undefined;
  answer: (outcome: unknown) => void;
}

export interface CoreOptions {
  /** Most commands applied per transaction. */
  maxBatch?: number;
  /** Most batches applied in memory and waiting for their commit. */
  maxInFlight?: number;
  /** How often core_inbox is polled (ms); 0 turns polling off. */
  inboxPollMs?: number;
  /** How often the markets are re-read for status, minimums and fees (ms). */
  marketRefreshMs?: number;
  onError?: (error: unknown, context: string) => void;
}

export class TradingCore implements CommandBus<CoreCommands> {
  readonly bus: CoreEventBus;
  /** Transactions written and commands applied since start (group commit: many commands per transaction). */
  readonly stats = { batches: 0, commands: 0 };
  /** Queue wait, apply time and commit wait over the last minute (GET /health reports them). */
  readonly timings = new CoreTimings();
  private state: CoreState | null = null;
  private queue: Job[] = [];
  /** When each queued job entered the queue (performance.now()), in the queue's order. */
  private queuedAt: number[] = [];
  private wake: (() => void) | null = null;
  private loop: Promise<void> | null = null;
  private stopping = false;
  private inboxTimer: NodeJS.Timeout | null = null;
  private readonly inboxInFlight = new Set<number>();
  private lastMarketRefresh = 0;
  private readonly maxBatch: number;
  private readonly maxInFlight: number;
  private writer: CoreWriter | null = null;
  /** Batches handed to the writer and not answered yet, oldest first. */
  private inFlight: Promise<void>[] = [];
  /** Set when a write failed: the loop rebuilds memory before the next batch. */
  private writeFailed = false;
  private readonly failedJobs: Job[] = [];
  /** Batches applied so far (effects kept in memory until their commit name them). */
  private appliedSeq = 0;
  private readonly clientOrders = new ClientOrderIds();
  private readonly commands: CoreCommands = coreCommands(this.clientOrders);

  constructor(
    private readonly database: DatabaseHandle,
    private readonly clock: Clock,
    private readonly options: CoreOptions = {},
    bus: CoreEventBus = new InProcessEventBus(),
  ) {
    this.bus = bus;
    this.maxBatch = options.maxBatch ?? 4096;
    this.maxInFlight = options.maxInFlight ?? 8;
  }

  /** Rebuilds books and balances from the database and starts taking commands. */
  async start(): Promise<void> {
    // The writer thread boots on the other core while the books are read.
    const writer = openCoreWriter(this.database);
    writer.catch(() => {}); // awaited below; a failure to start is thrown there, not reported as unhandled first
    try {
      this.state = await CoreState.load(this.database.db, this.database.sqlite);
    } catch (error) {
      await writer.then(
        (w) => w.close(),
        () => {},
      );
      throw error;
    }
    this.writer = await writer;
    this.lastMarketRefresh = this.clock.now();
    this.loop = this.run();
    const poll = this.options.inboxPollMs ?? 500;
    if (poll > 0) this.inboxTimer = setInterval(() => void this.pollInbox(), poll).unref();
  }

  /** Finishes what is queued, then stops; later commands are answered 'trading unavailable'. */
  async stop(): Promise<void> {
    if (this.stopping) return;
    this.stopping = true;
    if (this.inboxTimer) clearInterval(this.inboxTimer);
    this.wake?.();
    await this.loop;
    await this.writer?.close();
    this.writer = null;
  }

  /**
   * Writes other modules' rows (market data's candles, session touches) through the core's writer, in order with the
   * core's batches; once the core has stopped, straight to the database. SQLite keeps one writing connection so: a
   * write on the main thread's connection waits there, with the event loop blocked, whenever the writer thread holds
   * the lock (a session touch did for up to 25 ms under load).
   */
  writeAlongside(rows: AlongsideRows): Promise<void> {
    const batch: BatchRows = { writes: alongsideWrites(rows) };
    return this.writer ? this.writer.write(batch) : writeBatch(this.database.db, batch);
  }

  /**
   * Sends a command of the table; `at` is when it was sent (now when absent); `mark`, for the scheduler, is stored
   * with the command's effects.
   */
  execute<K extends keyof CoreCommands & string>(
    kind: K,
    input: InputOf<CoreCommands, K>,
    options: { at?: number; mark?: ScheduleMark } = {},
  ): Promise<OutcomeOf<CoreCommands, K>> {
    const at = options.at ?? this.clock.now();
    return new Promise((answer) => this.submit({ kind, input, at, mark: options.mark, answer: answer as never }));
  }

  placeOrder(cmd: PlaceCommand): Promise<PlaceOutcome> {
    return this.execute('place', cmd);
  }

  cancelOrder(cmd: CancelCommand): Promise<CancelOutcome> {
    return this.execute('cancel', cmd);
  }

  /** Cancels every open order of a user, in one market or all, as one command. */
  cancelAllOrders(cmd: { userId: number; symbol: string | null }): Promise<CancelAllOutcome> {
    return this.execute('cancelAll', cmd);
  }

  /** Posts a ledger movement (deposit, operator credit, transfer) through the core. */
  postMovement(movement: Movement): Promise<MovementOutcome> {
    return this.execute('movement', { movement });
  }

  /**
   * The user's platform-coin fee switch (user/update_fee_coin_open), after it is stored: the core keeps every
   * user's switch in memory (read from user_security on start), so placing an order reads nothing for it.
   */
  setFeeCoinOpen(userId: number, open: boolean): Promise<void> {
    return this.execute('feeCoinOpen', { userId, open });
  }

  /**
   * Reads the markets from the catalogue now (they are otherwise re-read every few seconds while commands flow), for
   * markets added after the start, e.g. by the demo seed before the first request is served.
   */
  reloadMarkets(): Promise<void> {
    return this.execute('reloadMarkets', {});
  }

  market(symbol: string): MarketSpec | undefined {
    return this.state?.markets.get(symbol)?.spec;
  }

  /** Every market the core knows now (listed since the start too, within the core's market refresh). */
  *markets(): IterableIterator<MarketSpec> {
    for (const market of this.state?.markets.values() ?? []) yield market.spec;
  }

  /** The live book of a market, for depth readers; never change it. */
  book(symbol: string): OrderBook | undefined {
    return this.state?.markets.get(symbol)?.book;
  }

  /** Price of the market's last trade, or null before the first. */
  lastPrice(symbol: string): string | null {
    const market = this.state?.markets.get(symbol);
    if (!market || market.book.lastPrice === 0) return null;
    return formatUnits(market.book.lastPrice, market.spec.pricePrecision);
  }

  private submit(job: Job): void {
    if (this.stopping || !this.state) {
      this.answerUnavailable(job);
      return;
    }
    this.queue.push(job);
    this.queuedAt.push(performance.now());
    this.wake?.();
  }

  private async run(): Promise<void> {
    for (;;) {
      if (this.writeFailed) await this.recover();
      if (this.queue.length === 0) {
        if (this.stopping) {
          await Promise.all(this.inFlight);
          if (!this.writeFailed) return;
          continue;
        }
        await new Promise<void>((resolve) => {
          this.wake = resolve;
        });
        this.wake = null;
        continue;
      }
      // Group commit: one turn of the event loop lets every request already on the wire reach the queue, so they
      // share the next transaction and its fsync.
      await new Promise((resolve) => setImmediate(resolve));
      if (this.inFlight.length >= this.maxInFlight) await this.inFlight[0];
      if (this.writeFailed) continue;
      const jobs = this.queue.splice(0, this.maxBatch);
      await this.process(jobs, this.queuedAt.splice(0, jobs.length));
    }
  }

  /** Applies a batch in memory and hands its rows to the writer; answers and publishes when they are committed. */
  private async process(jobs: Job[], queuedAt: number[]): Promise<void> {
    const startedAt = performance.now();
    this.timings.batchStarted(queuedAt, startedAt);
    let now = 0;
    for (const job of jobs) if (job.at > now) now = job.at;
    const db = this.database.db;
    const answers: (() => void)[] = [];
    const batch = new BatchEffects();
    const seq = ++this.appliedSeq;
    let output: ReturnType<typeof batchOutput>;
    try {
      await this.refreshMarkets(jobs, now);
      const state = this.state as CoreState;
      await state.balances.load(db, this.ownersOf(jobs));
      await this.prepare(jobs);
      const context = { state, batch, at: now, seq };
      for (const job of jobs) {
        context.at = job.at;
        const outcome = this.commands[job.kind].apply(context, job.input as never);
        if (job.mark) batch.scheduleMarks.set(job.mark.task, job.mark.until);
        answers.push(() => job.answer(outcome));
      }
      output = batchOutput(batch, state.balances.takeDirty(), now);
    } catch (error) {
      // Memory may hold part of the batch: answer it as not done and rebuild before the next one.
      this.failBatch(jobs, error);
      return;
    }
    const handedOver = performance.now();
    this.timings.batchApplied(handedOver - startedAt);
    const committed = (this.writer as CoreWriter).write(output.rows).then(
      () => {
        this.timings.batchCommitted(performance.now() - handedOver);
        this.clientOrders.committed(seq);
        this.stats.batches++;
        this.stats.commands += jobs.length;
        for (const answer of answers) answer();
        this.bus.publish(output.events);
      },
      (error: unknown) => this.failBatch(jobs, error),
    );
    this.inFlight.push(committed);
    void committed.then(() => this.inFlight.splice(this.inFlight.indexOf(committed), 1));
  }

  /** A failed batch is answered once memory is rebuilt, so nothing reads the state it failed to store after that. */
  private failBatch(jobs: Job[], error: unknown): void {
    if (!this.writeFailed) this.options.onError?.(error, 'batch failed; rebuilding from the database');
    this.writeFailed = true;
    this.failedJobs.push(...jobs);
    this.wake?.();
  }

  /** After a failed batch: every batch still waiting fails too; then memory is read again from the database. */
  private async recover(): Promise<void> {
    await Promise.all(this.inFlight);
    this.clientOrders.clear();
    await this.rebuild();
    this.writer?.reset();
    this.writeFailed = false;
    for (const job of this.failedJobs.splice(0)) this.answerUnavailable(job);
  }

  private answerUnavailable(job: Job): void {
    job.answer(this.commands[job.kind].unavailable(job.input as never));
  }

  /** Each kind's batch-level reads (client order ids' first answers), before any command is applied. */
  private async prepare(jobs: Job[]): Promise<void> {
    // Spot, margin and futures orders share the client order ids: each kind's reads add to this batch's.
    this.clientOrders.beginBatch();
    const byKind = new Map<Job['kind'], unknown[]>();
    for (const job of jobs) {
      if (!this.commands[job.kind].prepare) continue;
      const inputs = byKind.get(job.kind);
      if (inputs) inputs.push(job.input);
      else byKind.set(job.kind, [job.input]);
    }
    for (const [kind, inputs] of byKind) await this.commands[kind].prepare?.(this.database.db, inputs as never);
  }

  private ownersOf(jobs: Job[]): number[] {
    const owners: number[] = [];
    for (const job of jobs) for (const owner of this.commands[job.kind].owners(job.input as never)) owners.push(owner);
    return owners;
  }

  /** After a failed write: memory may hold effects that were never stored, so all of it is read again. */
  private async rebuild(): Promise<void> {
    for (;;) {
      try {
        this.state = await CoreState.load(this.database.db, this.database.sqlite);
        return;
      } catch (error) {
        this.options.onError?.(error, 'rebuild failed; retrying');
        await new Promise((resolve) => setTimeout(resolve, 1000));
      }
    }
  }

  private async refreshMarkets(jobs: Job[], now: number): Promise<void> {
    const state = this.state as CoreState;
    const unknown = jobs.some((j) => this.commands[j.kind].needsMarkets?.(j.input as never, state));
    if (!unknown && now - this.lastMarketRefresh < (this.options.marketRefreshMs ?? 2000)) return;
    this.lastMarketRefresh = now;
    const [specs, feeCoin] = await Promise.all([
      loadMarketSpecs(this.database.db),
      loadFeeCoinConfig(this.database.db),
    ]);
    state.refreshMarkets(specs);
    state.feeCoin = feeCoin;
  }

  /**
   * Applies the inbox rows waiting now, without waiting for the next poll: the demo seed queues its credits there
   * (in the transaction that creates their traders) and has them applied before the first request.
   */
  async applyInbox(): Promise<void> {
    await this.pollInbox();
  }

  /** Submits the waiting inbox rows; resolves once the core has answered them. */
  private async pollInbox(): Promise<void> {
    if (this.stopping || !this.state) return;
    const answered: Promise<unknown>[] = [];
    try {
      const rows = await this.database.db
        .selectFrom('core_inbox')
        .selectAll()
        .where('processed_at', 'is', null)
        .orderBy('id')
        .limit(500)
        .execute();
      for (const row of rows) {
        if (this.inboxInFlight.has(row.id)) continue;
        this.inboxInFlight.add(row.id);
        const command = inboxCommand(row);
        // Out of flight once answered: applied (its row marked done in the same commit) or failed (polled again).
        const done =
          command.kind === 'movement'
            ? this.execute('movement', command.input)
            : this.execute('fundingSettle', command.input, { at: command.at });
        answered.push(done.then(() => this.inboxInFlight.delete(row.id)));
      }
    } catch (error) {
      this.options.onError?.(error, 'core inbox poll failed');
    }
    await Promise.all(answered);
  }
}
