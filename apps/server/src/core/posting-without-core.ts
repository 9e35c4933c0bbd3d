import type { DatabaseHandle } from '../db/database.ts';
import { assertBalanced, LedgerError, type Movement } from '../ledger/ledger.ts';
import { ledgerText, parseLedger } from '../ledger/ledger-units.ts';
import { BalanceCache } from './balance-cache.ts';
import { writeBatch } from './batch-writer.ts';

/**
 * Posts a movement straight to the database, through the same posting routine as the running core
 * (BalanceCache.post) and in one transaction: only where no trading core runs on that database (a test's or a
 * benchmark's setup before the server starts). A running core holds balances in memory and would write its own back
 * over this; there every movement goes through TradingCore.postMovement or the core inbox.
 */
export async function postWithoutCore(handle: DatabaseHandle, movement: Movement, now: number): Promise<void> {
  assertBalanced(movement);
  const balances = new BalanceCache();
  await balances.load(
    handle.db,
    movement.postings.map((p) => p.ownerId),
  );
  const postings = movement.postings.map((p) => {
    const delta = parseLedger(p.delta);
    if (delta === null) throw new LedgerError('invalid_amount', `More than 18 decimals: ${p.delta}`);
    return { ...p, delta };
  });
  const entries: Parameters<BalanceCache['post']>[4] = [];
  balances.post(movement.cause, movement.causeId, postings, now, entries, movement.memo ?? '');
  const rows = balances.takeDirty().map((b) => ({
    owner_id: b.ownerId,
    account: b.account,
    coin: b.coin,
    available: ledgerText(b.balance.available),
    locked: ledgerText(b.balance.locked),
    updated_at: now,
  }));
  await writeBatch(handle.db, {
    writes: [
      { table: 'ledger_entries', rows: entries },
      { table: 'balances', rows },
    ],
  });
}
