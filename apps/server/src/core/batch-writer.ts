import type { Kysely } from 'kysely';
import type { Database } from '../db/schema.ts';
import type { BatchRows } from './batch-rows.ts';
import { writeCandles } from './candle-writes.ts';
import { ORDER_UPDATE_COLUMNS } from './order-state.ts';

/**
 * Writes one batch's rows in ONE transaction through Kysely (PostgreSQL), as few multi-row statements as the
 * parameter limit allows (65535): orders upserted by id, trades and ledger rows inserted, balances upserted, inbox
 * rows marked done, and the rows written alongside (candles, session touches). Group commit: the whole batch costs
 * one fsync. SQLite writes the same rows through cached prepared statements instead (sqlite-batch-writer.ts).
 */
const MAX_PARAMS = 30_000;

export async function writeBatch(db: Kysely<Database>, batch: BatchRows): Promise<void> {
  await db.transaction().execute(async (trx) => {
    if (batch.prune) {
      const { trades, orders, ledger, opening } = batch.prune;
      for (const [table, ids] of [
        ['trades', trades],
        ['orders', orders],
        ['ledger_entries', ledger],
      ] as const) {
        for (let i = 0; i < ids.length; i += MAX_PARAMS) {
          await trx
            .deleteFrom(table)
            .where('id', 'in', ids.slice(i, i + MAX_PARAMS))
            .execute();
        }
      }
      for (const chunk of chunks(opening)) await trx.insertInto('ledger_entries').values(chunk).execute();
    }
    for (const chunk of chunks(batch.orders)) {
      await trx
        .insertInto('orders')
        .values(chunk)
        .onConflict((oc) =>
          oc
            .column('id')
            .doUpdateSet((eb) => Object.fromEntries(ORDER_UPDATE_COLUMNS.map((c) => [c, eb.ref(`excluded.${c}`)]))),
        )
        .execute();
    }
    for (const chunk of chunks(batch.trades)) await trx.insertInto('trades').values(chunk).execute();
    for (const chunk of chunks(batch.preventedMatches ?? [])) {
      await trx.insertInto('prevented_matches').values(chunk).execute();
    }
    for (const chunk of chunks(batch.ledger)) await trx.insertInto('ledger_entries').values(chunk).execute();
    for (const chunk of chunks(batch.balances)) {
      await trx
        .insertInto('balances')
        .values(chunk)
        .onConflict((oc) =>
          oc.columns(['owner_id', 'account', 'coin']).doUpdateSet((eb) => ({
            available: eb.ref('excluded.available'),
            locked: eb.ref('excluded.locked'),
            updated_at: eb.ref('excluded.updated_at'),
          })),
        )
        .execute();
    }
    for (const done of batch.inboxDone) {
      await trx
        .updateTable('core_inbox')
        .set({ processed_at: batch.now, result: done.result })
        .where('id', '=', done.id)
        .execute();
    }
    if (batch.candles) await writeCandles(trx, batch.candles);
    for (const touch of batch.sessionTouches ?? []) {
      await trx.updateTable('sessions').set({ last_seen_at: touch.lastSeenAt }).where('id', '=', touch.id).execute();
    }
  });
}

function* chunks<T extends object>(rows: T[]): Generator<T[]> {
  if (rows.length === 0) return;
  const perRow = Object.keys(rows[0] as object).length;
  const size = Math.max(1, Math.floor(MAX_PARAMS / perRow));
  for (let i = 0; i < rows.length; i += size) yield rows.slice(i, i + size);
}
