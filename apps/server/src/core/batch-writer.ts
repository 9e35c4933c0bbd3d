import type SQLite from 'better-sqlite3';
import type { Insertable, Kysely, Transaction } from 'kysely';
import type { Database } from '../db/schema.ts';
import type { BalancesTable } from '../db/tables/ledger.ts';
import type { BalanceChange } from './balance-cache.ts';
import type { BatchEffects } from './batch-effects.ts';
import { ORDER_UPDATE_COLUMNS, orderRow } from './order-state.ts';
import { writeBatchSqlite } from './sqlite-batch-writer.ts';

/**
 * Writes one batch's effects in ONE transaction, as few multi-row statements as the dialects' parameter limits
 * allow (SQLite 32766, PostgreSQL 65535): orders upserted by id, trades and ledger rows inserted, balances upserted,
 * inbox rows marked done. Group commit: the whole batch costs one fsync. On SQLite, given its connection, the
 * same rows go through cached prepared statements instead (sqlite-batch-writer.ts), under Kysely's connection lock.
 */
const MAX_PARAMS = 30_000;

export async function writeBatch(
  db: Kysely<Database>,
  batch: BatchEffects,
  balances: BalanceChange[],
  now: number,
  sqlite?: SQLite.Database,
): Promise<void> {
  if (sqlite) {
    await db.connection().execute(async () => writeBatchSqlite(sqlite, batch, balances, now));
    return;
  }
  await db.transaction().execute(async (trx) => {
    const orders = [...batch.rejected, ...[...batch.orders.values()].map(orderRow)];
    for (const chunk of chunks(orders)) {
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
    for (const chunk of chunks(batch.ledger)) await trx.insertInto('ledger_entries').values(chunk).execute();
    await upsertBalances(trx, balances, now);
    for (const done of batch.inboxDone) {
      await trx
        .updateTable('core_inbox')
        .set({ processed_at: now, result: done.result })
        .where('id', '=', done.id)
        .execute();
    }
  });
}

async function upsertBalances(trx: Transaction<Database>, balances: BalanceChange[], now: number): Promise<void> {
  const rows: Insertable<BalancesTable>[] = balances.map((b) => ({
    owner_id: b.ownerId,
    account: b.account,
    coin: b.coin,
    available: b.balance.available.toFixed(),
    locked: b.balance.locked.toFixed(),
    updated_at: now,
  }));
  for (const chunk of chunks(rows)) {
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
}

function* chunks<T extends object>(rows: T[]): Generator<T[]> {
  if (rows.length === 0) return;
  const perRow = Object.keys(rows[0] as object).length;
  const size = Math.max(1, Math.floor(MAX_PARAMS / perRow));
  for (let i = 0; i < rows.length; i += size) yield rows.slice(i, i + size);
}
