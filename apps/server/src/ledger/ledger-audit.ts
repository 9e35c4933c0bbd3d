import Big from 'big.js';
import type { Kysely } from 'kysely';
import type { Database } from '../db/schema.ts';

/**
 * The ledger's invariants, checked after every test that moves money (and available to the operator):
 * per coin, all balances of every owner and account sum to zero (the external account mirrors the rest);
 * and every balance field equals the sum of its ledger deltas.
 */
export interface LedgerAuditResult {
  /** Coins whose balances do not sum to zero, with the sum. */
  unbalancedCoins: Record<string, string>;
  /** Balance fields that differ from their ledger history. */
  mismatches: string[];
}

export async function auditLedger(db: Kysely<Database>): Promise<LedgerAuditResult> {
  const balances = await db.selectFrom('balances').selectAll().execute();
  const entries = await db
    .selectFrom('ledger_entries')
    .select(['owner_id', 'account', 'coin', 'field', 'delta'])
    .execute();

  const coinSums = new Map<string, Big>();
  const fromBalances = new Map<string, Big>();
  for (const b of balances) {
    coinSums.set(b.coin, (coinSums.get(b.coin) ?? new Big(0)).plus(b.available).plus(b.locked));
    fromBalances.set(`${b.owner_id}/${b.account}/${b.coin}/available`, new Big(b.available));
    fromBalances.set(`${b.owner_id}/${b.account}/${b.coin}/locked`, new Big(b.locked));
  }
  const fromLedger = new Map<string, Big>();
  for (const e of entries) {
    const key = `${e.owner_id}/${e.account}/${e.coin}/${e.field}`;
    fromLedger.set(key, (fromLedger.get(key) ?? new Big(0)).plus(e.delta));
  }

  const unbalancedCoins: Record<string, string> = {};
  for (const [coin, sum] of coinSums) if (!sum.eq(0)) unbalancedCoins[coin] = sum.toFixed();
  const mismatches: string[] = [];
  for (const key of new Set([...fromBalances.keys(), ...fromLedger.keys()])) {
    const a = fromBalances.get(key) ?? new Big(0);
    const b = fromLedger.get(key) ?? new Big(0);
    if (!a.eq(b)) mismatches.push(`${key}: balance ${a.toFixed()} but ledger ${b.toFixed()}`);
  }
  return { unbalancedCoins, mismatches };
}
