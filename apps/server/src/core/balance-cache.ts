import type { Insertable, Kysely } from 'kysely';
import type { Database } from '../db/schema.ts';
import type { LedgerEntriesTable } from '../db/tables/ledger.ts';
import { type Account, type LedgerCause, mayGoNegative } from '../ledger/accounts.ts';
import { assertBalanced, LedgerError, type Movement } from '../ledger/ledger.ts';
import { ledgerOf, ledgerText, parseLedger } from '../ledger/ledger-units.ts';

/**
 * The core's balances in memory: loaded per owner from the database on first use, then authoritative (the core is
 * the only writer of the balances it holds). Posting keeps the ledger's rules: all-or-nothing, no negative balance
 * except the external account, one ledger row per change with the balance after it.
 */
export interface Balance {
  /** Ledger units (ledger-units.ts). */
  available: bigint;
  locked: bigint;
}

export interface CorePosting {
  ownerId: number;
  account: Account;
  coin: string;
  field: 'available' | 'locked';
  /** Ledger units. */
  delta: bigint;
}

export interface BalanceChange {
  ownerId: number;
  account: string;
  coin: string;
  balance: Balance;
}

export class BalanceCache {
  private readonly balances = new Map<string, BalanceChange>();
  private readonly loaded = new Set<number>();
  /** Told of every balance a posting moves (the futures liquidation index watches co balances). */
  onMove: ((ownerId: number, account: string) => void) | null = null;
  /** Balances changed since the last takeDirty(): what the batch writes. */
  private dirty = new Map<string, BalanceChange>();

  isLoaded(ownerId: number): boolean {
    return this.loaded.has(ownerId);
  }

  /** Loads every balance of the given owners that is not in memory yet (one query). */
  async load(db: Kysely<Database>, owners: Iterable<number>): Promise<void> {
    const missing = [...new Set(owners)].filter((o) => !this.loaded.has(o));
    if (missing.length === 0) return;
    const rows = await db.selectFrom('balances').selectAll().where('owner_id', 'in', missing).execute();
    for (const row of rows) {
      this.balances.set(keyOf(row.owner_id, row.account, row.coin), {
        ownerId: row.owner_id,
        account: row.account,
        coin: row.coin,
        balance: { available: ledgerOf(row.available), locked: ledgerOf(row.locked) },
      });
    }
    for (const owner of missing) this.loaded.add(owner);
  }

  /** A loaded owner's balance (zero when it has none yet). */
  get(ownerId: number, account: string, coin: string): Balance {
    return this.entry(ownerId, account, coin).balance;
  }

  /**
   * Applies postings (already balanced per coin) and appends their ledger rows to `entries`; throws LedgerError
   * and changes nothing when a balance would go negative.
   */
  post(
    cause: LedgerCause,
    causeId: string,
    postings: CorePosting[],
    now: number,
    entries: Insertable<LedgerEntriesTable>[],
    memo = '',
  ): void {
    // One pass: running balances per key, checked at each step; on a refusal the rows added here are taken back.
    const running = new Map<string, Balance>();
    const firstRow = entries.length;
    for (const p of postings) {
      const key = keyOf(p.ownerId, p.account, p.coin);
      let current = running.get(key);
      if (!current) {
        current = { ...this.entry(p.ownerId, p.account, p.coin).balance };
        running.set(key, current);
      }
      const value = current[p.field] + p.delta;
      if (value < 0n && !mayGoNegative(p.ownerId, p.account)) {
        entries.length = firstRow;
        throw new LedgerError('insufficient', `Insufficient ${p.coin} balance`);
      }
      current[p.field] = value;
      entries.push({
        owner_id: p.ownerId,
        account: p.account,
        coin: p.coin,
        field: p.field,
        delta: ledgerText(p.delta),
        balance_after: ledgerText(value),
        cause,
        cause_id: causeId,
        memo,
        created_at: now,
      });
    }
    for (const [key, balance] of running) {
      const change = this.balances.get(key) as BalanceChange;
      change.balance = balance;
      this.dirty.set(key, change);
      this.onMove?.(change.ownerId, change.account);
    }
  }

  /** Posts a movement given as decimal strings (a deposit, credit, transfer): checked, then post() as above. */
  postMovement(movement: Movement, now: number, entries: Insertable<LedgerEntriesTable>[]): void {
    assertBalanced(movement);
    const postings = movement.postings.map((p) => {
      const delta = parseLedger(p.delta);
      if (delta === null) throw new LedgerError('invalid_amount', `More than 18 decimals: ${p.delta}`);
      return { ...p, delta };
    });
    this.post(movement.cause, movement.causeId, postings, now, entries, movement.memo ?? '');
  }

  takeDirty(): BalanceChange[] {
    const changes = [...this.dirty.values()];
    this.dirty = new Map();
    return changes;
  }

  private entry(ownerId: number, account: string, coin: string): BalanceChange {
    if (!this.loaded.has(ownerId)) throw new Error(`balances of owner ${ownerId} are not loaded`);
    const key = keyOf(ownerId, account, coin);
    let change = this.balances.get(key);
    if (!change) {
      change = { ownerId, account, coin, balance: { available: 0n, locked: 0n } };
      this.balances.set(key, change);
    }
    return change;
  }
}

const keyOf = (ownerId: number, account: string, coin: string) => `${ownerId}/${account}/${coin}`;
