import type { DatabaseHandle } from '../db/database.ts';
import type { Movement } from '../ledger/ledger.ts';
import { BalanceCache } from './balance-cache.ts';
import { balanceRow } from './batch-rows.ts';
import { writeBatch } from './batch-writer.ts';

/**
 * Posts a movement straight to the database, through the same posting routine as the running core
 * (BalanceCache.post) and in one transaction: only where no trading core runs on that database (a test's or a
 * benchmark's setup before the server starts). A running core holds balances in memory and would write its own back
 * over this; there every movement goes through TradingCore.postMovement or the core inbox.
 */
export async function postWithoutCore(handle: DatabaseHandle, movement: Movement, now: number): Promise<void> {
  const balances = new BalanceCache();
  await balances.load(
    handle.db,
    movement.postings.map((p) => p.ownerId),
  );
  const entries: Parameters<BalanceCache['post']>[4] = [];
  balances.postMovement(movement, now, entries);
  const rows = balances.takeDirty().map((b) => balanceRow(b, now));
  await writeBatch(handle.db, {
    writes: [
      { table: 'ledger_entries', rows: entries },
      { table: 'balances', rows },
    ],
  });
}
