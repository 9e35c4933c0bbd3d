import { Worker } from 'node:worker_threads';
import type { DatabaseHandle } from '../db/database.ts';
import { type BatchRows, isEmptyBatch } from './batch-rows.ts';
import { writeBatch } from './batch-writer.ts';
import { writeBatchesSqlite } from './sqlite-batch-writer.ts';
import type { WriterReply, WriterRequest } from './sqlite-writer-thread.ts';

/**
 * Where the trading core's batches are made durable. The core hands over a batch and goes on applying the next
 * one while this one commits; it answers a batch's commands only when its write resolves.
 *
 * Contract: writes commit in the order they were handed over; once one fails, every write handed over after it
 * fails too (they were applied in memory on top of the failed one), until reset() — which the core calls after it
 * has rebuilt its memory from the database.
 */
export interface CoreWriter {
  write(batch: BatchRows): Promise<void>;
  reset(): void;
  close(): Promise<void>;
}

export async function openCoreWriter(database: DatabaseHandle): Promise<CoreWriter> {
  const { sqlite } = database;
  if (sqlite && !sqlite.memory) return ThreadWriter.start(sqlite.name);
  return new ChainWriter(database);
}

/**
 * On the database's own connection, one write after another. PostgreSQL's driver is asynchronous, so the next
 * batch is applied while this one commits. (SQLite in memory, for tests, cannot be opened from another thread.)
 */
class ChainWriter implements CoreWriter {
  private tail: Promise<void> = Promise.resolve();
  private failed = false;

  constructor(private readonly database: DatabaseHandle) {}

  write(batch: BatchRows): Promise<void> {
    const written = this.tail.then(async () => {
      if (this.failed) throw new Error('an earlier batch failed to write');
      if (isEmptyBatch(batch)) return;
      try {
        const { db, sqlite } = this.database;
        if (sqlite) await db.connection().execute(async () => writeBatchesSqlite(sqlite, [batch]));
        else await writeBatch(db, batch);
      } catch (error) {
        this.failed = true;
        throw error;
      }
    });
    this.tail = written.catch(() => {});
    return written;
  }

  reset(): void {
    this.failed = false;
  }

  async close(): Promise<void> {
    await this.tail;
  }
}

/**
 * SQLite on a file: a worker thread with its own connection writes the batches, so the commit's fsync no longer
 * stops the main thread from reading requests and applying the next batch. Batches that queue up while one commits
 * go in one transaction together (one fsync for all of them).
 * They also go in one message: at most MESSAGES_AHEAD messages wait at the thread (one being written, the next
 * queued behind it), and batches handed over meanwhile gather here. Each message costs a wake-up of the thread and
 * a reply; under load that, not the rows, was most of what handing a batch over cost.
 */
const MESSAGES_AHEAD = 2;

class ThreadWriter implements CoreWriter {
  private readonly waiting = new Map<number, { resolve: () => void; reject: (error: Error) => void }>();
  private seq = 0;
  private stopped: Error | null = null;
  private gathered: { seq: number; batch: BatchRows }[] = [];
  private messagesOut = 0;

  /** Starts the thread and waits until its connection is open, so a writer that cannot start fails the start. */
  static async start(file: string): Promise<ThreadWriter> {
    const worker = new Worker(writerThreadEntry(), { eval: true, workerData: { file } });
    const exited = () => failed(new Error('the SQLite writer thread stopped while starting'));
    let failed: (error: Error) => void = () => {};
    await new Promise<void>((resolve, reject) => {
      failed = reject;
      worker.once('message', () => resolve());
      worker.once('error', failed);
      worker.once('exit', exited);
    }).finally(() => {
      worker.off('error', failed);
      worker.off('exit', exited);
    });
    return new ThreadWriter(worker);
  }

  private constructor(private readonly worker: Worker) {
    worker.on('message', (reply: WriterReply) => {
      for (let seq = reply.first; seq <= reply.last; seq++) {
        const waiter = this.waiting.get(seq);
        if (!waiter) continue;
        this.waiting.delete(seq);
        if (reply.error === undefined) waiter.resolve();
        else waiter.reject(new Error(reply.error));
      }
      this.messagesOut -= reply.messages;
      this.send();
    });
    worker.on('error', (error) => this.stop(error));
    worker.on('exit', () => this.stop(new Error('the SQLite writer thread stopped')));
  }

  write(batch: BatchRows): Promise<void> {
    if (this.stopped) return Promise.reject(this.stopped);
    const seq = ++this.seq;
    return new Promise((resolve, reject) => {
      this.waiting.set(seq, { resolve, reject });
      this.gathered.push({ seq, batch });
      this.send();
    });
  }

  /** Hands the gathered batches over in one message, unless enough are waiting at the thread already. */
  private send(force = false): void {
    if (this.gathered.length === 0 || (!force && this.messagesOut >= MESSAGES_AHEAD)) return;
    const writes = this.gathered;
    this.gathered = [];
    this.messagesOut++;
    this.worker.postMessage({ kind: 'write', writes } satisfies WriterRequest);
  }

  reset(): void {
    this.send(true);
    this.worker.postMessage({ kind: 'reset' } satisfies WriterRequest);
  }

  async close(): Promise<void> {
    if (this.stopped) return;
    // Every write is answered before the worker reads the close request (messages are handled in order).
    this.send(true);
    const exited = new Promise((resolve) => this.worker.once('exit', resolve));
    this.worker.postMessage({ kind: 'close' } satisfies WriterRequest);
    await exited;
  }

  private stop(error: Error): void {
    this.stopped ??= error;
    for (const waiter of this.waiting.values()) waiter.reject(error);
    this.waiting.clear();
  }
}

/**
 * From source the writer thread's module is TypeScript, and a worker does not inherit tsx's loader from
 * `--import tsx`: the thread registers tsx before importing it. The compiled server (apps/server/dist/main.mjs, see
 * build/build-server.ts) has the thread's own compiled entry next to it, plain JavaScript.
 */
function writerThreadEntry(): string {
  if (!import.meta.url.endsWith('.ts'))
    return `import(${JSON.stringify(new URL('./sqlite-writer-thread.mjs', import.meta.url).href)});`;
  const entry = JSON.stringify(new URL('./sqlite-writer-thread.ts', import.meta.url).href);
  const tsx = JSON.stringify(import.meta.resolve('tsx/esm/api'));
  return `import(${tsx}).then((tsx) => { tsx.register(); return import(${entry}); });`;
}
