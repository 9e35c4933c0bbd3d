import { parentPort, receiveMessageOnPort, workerData } from 'node:worker_threads';
import { openSqliteConnection } from '../db/database.ts';
import type { BatchRows } from './batch-rows.ts';
import { writeBatchesSqlite } from './sqlite-batch-writer.ts';

/**
 * The SQLite writer thread of core-writer.ts. Takes every write request waiting in its port, writes them in one
 * transaction, answers them in one reply; after a failed transaction it refuses writes until the core's reset.
 */
export type WriterRequest =
  | { kind: 'write'; writes: { seq: number; batch: BatchRows }[] }
  | { kind: 'reset' }
  | { kind: 'close' };
/**
 * The writes numbered first..last (in the order handed over), from `messages` write requests, are committed, or
 * failed with `error`.
 */
export type WriterReply = { first: number; last: number; messages: number; error?: string };

const port = parentPort;
if (!port) throw new Error('sqlite-writer-thread runs as a worker thread');
const sqlite = openSqliteConnection((workerData as { file: string }).file);
let failed: string | null = null;

function writeAll(writes: { seq: number; batch: BatchRows }[], messages: number): void {
  if (writes.length === 0) return;
  if (failed === null) {
    try {
      writeBatchesSqlite(
        sqlite,
        writes.map((w) => w.batch),
      );
    } catch (error) {
      failed = error instanceof Error ? error.message : String(error);
    }
  }
  const first = (writes[0] as { seq: number }).seq;
  const last = (writes[writes.length - 1] as { seq: number }).seq;
  const reply: WriterReply = failed === null ? { first, last, messages } : { first, last, messages, error: failed };
  port?.postMessage(reply);
}

function handle(first: WriterRequest): void {
  let writes: { seq: number; batch: BatchRows }[] = [];
  let messages = 0;
  for (let request: WriterRequest | undefined = first; request; ) {
    if (request.kind === 'write') {
      writes.push(...request.writes);
      messages++;
    } else {
      writeAll(writes, messages);
      writes = [];
      messages = 0;
      if (request.kind === 'reset') failed = null;
      else {
        sqlite.close();
        port?.close();
        return;
      }
    }
    request =
      (receiveMessageOnPort(port as NonNullable<typeof port>)?.message as WriterRequest | undefined) ?? undefined;
  }
  writeAll(writes, messages);
}

port.on('message', handle);
port.postMessage('ready');
