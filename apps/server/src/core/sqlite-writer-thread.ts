import { parentPort, receiveMessageOnPort, workerData } from 'node:worker_threads';
import { openSqliteConnection } from '../db/database.ts';
import type { BatchRows } from './batch-rows.ts';
import { writeBatchesSqlite } from './sqlite-batch-writer.ts';

/**
 * The SQLite writer thread of core-writer.ts. Takes every write request waiting in its port, writes them in one
 * transaction, answers each; after a failed transaction it refuses writes until the core's reset.
 */
export type WriterRequest = { kind: 'write'; seq: number; batch: BatchRows } | { kind: 'reset' } | { kind: 'close' };
export type WriterReply = { seq: number; error?: string };

const port = parentPort;
if (!port) throw new Error('sqlite-writer-thread runs as a worker thread');
const sqlite = openSqliteConnection((workerData as { file: string }).file);
let failed: string | null = null;

function writeAll(writes: { seq: number; batch: BatchRows }[]): void {
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
  for (const w of writes)
    port?.postMessage((failed === null ? { seq: w.seq } : { seq: w.seq, error: failed }) satisfies WriterReply);
}

function handle(first: WriterRequest): void {
  const writes: { seq: number; batch: BatchRows }[] = [];
  for (let request: WriterRequest | undefined = first; request; ) {
    if (request.kind === 'write') writes.push(request);
    else {
      writeAll(writes.splice(0));
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
  writeAll(writes);
}

port.on('message', handle);
port.postMessage('ready');
