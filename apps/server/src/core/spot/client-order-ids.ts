import type { ErrorCodeValue } from '@opex/contract/error-codes';
import type { Kysely } from 'kysely';
import type { Database } from '../../db/schema.ts';
import type { PlaceCommand, PlaceOutcome } from './order-placement.ts';

/**
 * Client order ids make retries idempotent: a place command whose (user, client order id) was answered before gets
 * that first answer again. First answers come from the database (one query per batch) or, for batches not committed
 * yet, from memory.
 */
export class ClientOrderIds {
  /** First answers by user/id, with the batch that gave them, until the database has them. */
  private readonly uncommitted = new Map<string, { seq: number; outcome: PlaceOutcome }>();
  private known = new Map<string, PlaceOutcome>();
  private committedSeq = 0;

  /** Reads the first answers of the batch's client order ids before it is applied. */
  async prepare(db: Kysely<Database>, commands: PlaceCommand[]): Promise<void> {
    const known = this.known;
    const wanted = commands.filter((c) => c.clientOrderId !== null);
    if (wanted.length === 0) return;
    // What is committed before the query starts is in what it reads; the rest is taken from memory after it.
    for (const [key, first] of this.uncommitted) if (first.seq <= this.committedSeq) this.uncommitted.delete(key);
    const rows = await db
      .selectFrom('orders')
      .select(['id', 'user_id', 'client_order_id', 'status', 'reject_code'])
      .where('client_order_id', 'in', [...new Set(wanted.map((c) => c.clientOrderId as string))])
      .where('user_id', 'in', [...new Set(wanted.map((c) => c.userId))])
      .execute();
    for (const row of rows) {
      const outcome: PlaceOutcome = row.reject_code
        ? { ok: false, code: row.reject_code as ErrorCodeValue }
        : { ok: true, orderId: row.id };
      known.set(`${row.user_id}/${row.client_order_id}`, outcome);
    }
    for (const [key, first] of this.uncommitted) if (!known.has(key)) known.set(key, first.outcome);
  }

  /** A new batch: the answers read for the last one are forgotten (prepare reads this one's, kind by kind). */
  beginBatch(): void {
    this.known = new Map();
  }

  /** The command's first answer, or what `place` answers now (remembered for later retries). */
  once(cmd: PlaceCommand, seq: number, place: () => PlaceOutcome): PlaceOutcome {
    if (cmd.clientOrderId === null) return place();
    const key = `${cmd.userId}/${cmd.clientOrderId}`;
    const first = this.known.get(key);
    if (first) return first;
    const outcome = place();
    this.known.set(key, outcome);
    this.uncommitted.set(key, { seq, outcome });
    return outcome;
  }

  committed(seq: number): void {
    this.committedSeq = seq;
  }

  /** After a failed write nothing uncommitted stands. */
  clear(): void {
    this.uncommitted.clear();
  }
}
