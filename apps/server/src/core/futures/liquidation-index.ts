import type { CoreState } from '../core-state.ts';
import type { FuturesRules } from './futures-rules.ts';
import { type FuturesPosition, positionKey } from './futures-state.ts';
import { liquidationPrice } from './liquidation.ts';

/**
 * Where each position liquidates, sorted per contract, so a mark move looks only at the positions it crossed instead
 * of valuing every position (futures-liquidation.ts checks each candidate exactly before it acts):
 * - an isolated position, and a cross account holding a single position, liquidate at a price that depends on that
 *   contract's mark alone (liquidation.ts): longs sorted from the highest such price down, shorts from the lowest up;
 * - a cross account with several positions (its PnL in one contract moves its others' line) is listed apart and
 *   checked whole at every mark of a contract it holds.
 * An entry is placed again when its position or its account's balance changed (`dirty`, `dirtyUsers`: the core's
 * balance cache reports co balances as they move), before each check.
 */
interface Entry {
  price: bigint;
  id: number;
  key: string;
}

interface ContractEntries {
  /** Liquidate when the mark is at or below: highest first. */
  longs: Entry[];
  /** Liquidate when the mark is at or above: lowest first. */
  shorts: Entry[];
}

export class LiquidationIndex {
  private readonly contracts = new Map<string, ContractEntries>();
  /** Where each indexed position is now. */
  private readonly placed = new Map<string, { symbol: string; long: boolean; entry: Entry }>();
  /** Cross accounts (`user|coin`) holding more than one cross position, and the contracts each holds. */
  private readonly multi = new Map<string, Set<string>>();
  /** Positions changed since the last refresh, and users whose co balance moved. */
  readonly dirty = new Set<string>();
  readonly dirtyUsers = new Set<number>();

  /** Places every changed position (and every position of a user whose balance moved) again. */
  refresh(state: CoreState): void {
    if (this.dirtyUsers.size) {
      for (const p of state.futures.positions.values()) if (this.dirtyUsers.has(p.userId)) this.dirty.add(keyOf(p));
      // A user's closed positions are gone from the positions: their entries are found by the placed keys.
      for (const key of this.placed.keys()) if (this.dirtyUsers.has(userOfKey(key))) this.dirty.add(key);
      for (const account of this.multi.keys())
        if (this.dirtyUsers.has(userOfKey(account))) this.dropMulti(account, state);
      this.dirtyUsers.clear();
    }
    for (const key of this.dirty) this.place(state, key);
    this.dirty.clear();
  }

  /** The indexed positions the mark has crossed, and the multi-position cross accounts holding the contract. */
  candidates(symbol: string, mark: bigint): { positions: string[]; accounts: string[] } {
    const positions: string[] = [];
    const entries = this.contracts.get(symbol);
    if (entries) {
      for (const e of entries.longs) {
        if (e.price < mark) break;
        positions.push(e.key);
      }
      for (const e of entries.shorts) {
        if (e.price > mark) break;
        positions.push(e.key);
      }
    }
    const accounts: string[] = [];
    for (const [account, symbols] of this.multi) if (symbols.has(symbol)) accounts.push(account);
    return { positions, accounts };
  }

  private place(state: CoreState, key: string): void {
    this.remove(key);
    const p = state.futures.positions.get(key);
    if (!p) return;
    const rules = state.markets.get(p.symbol)?.spec.futures;
    if (!rules) return;
    if (p.marginMode === 1) {
      const account = `${p.userId}|${rules.marginCoin}`;
      const held = crossPositions(state, p.userId, rules.marginCoin);
      if (held.length > 1) {
        this.multi.set(account, new Set(held.map((h) => h.symbol)));
        for (const h of held) this.remove(keyOf(h));
        return;
      }
      this.multi.delete(account);
    }
    const price = liquidationPrice({
      terms: rules.terms,
      brackets: rules.brackets,
      qty: p.qty,
      entry: p.entry,
      backing:
        p.marginMode === 2
          ? { mode: 'isolated', margin: p.margin }
          : {
              mode: 'cross',
              wallet: state.balances.get(p.userId, 'co', rules.marginCoin).available + p.margin,
              othersPnl: 0n,
              othersMaintenance: 0n,
            },
    });
    // No price liquidates it (it holds its full value): nothing to watch until it changes.
    if (price === null) return;
    const long = p.qty > 0n;
    const entry = { price, id: p.id, key };
    const list = this.entriesOf(p.symbol)[long ? 'longs' : 'shorts'];
    list.splice(insertAt(list, entry, long), 0, entry);
    this.placed.set(key, { symbol: p.symbol, long, entry });
  }

  private remove(key: string): void {
    const at = this.placed.get(key);
    if (!at) return;
    this.placed.delete(key);
    const list = this.entriesOf(at.symbol)[at.long ? 'longs' : 'shorts'];
    const i = insertAt(list, at.entry, at.long);
    // insertAt finds the first entry not before it: the entry itself (same price and id).
    if (list[i] === at.entry) list.splice(i, 1);
    else list.splice(list.indexOf(at.entry), 1);
  }

  /** A multi-position account changed: its positions are placed again (it may hold one now). */
  private dropMulti(account: string, state: CoreState): void {
    this.multi.delete(account);
    const [user, coin] = account.split('|') as [string, string];
    for (const p of crossPositions(state, Number(user), coin)) this.dirty.add(keyOf(p));
  }

  private entriesOf(symbol: string): ContractEntries {
    let entries = this.contracts.get(symbol);
    if (!entries) {
      entries = { longs: [], shorts: [] };
      this.contracts.set(symbol, entries);
    }
    return entries;
  }
}

const keyOf = (p: FuturesPosition) => positionKey(p.userId, p.symbol, p.positionSide);
const userOfKey = (key: string) => Number(key.slice(0, key.indexOf('|')));

/** The user's cross positions in contracts margined in `coin`. */
export function crossPositions(state: CoreState, userId: number, coin: string): FuturesPosition[] {
  const held: FuturesPosition[] = [];
  for (const symbol of state.futures.bySymbol.keys()) {
    const rules: FuturesRules | null | undefined = state.markets.get(symbol)?.spec.futures;
    if (!rules || rules.marginCoin !== coin) continue;
    for (const side of ['both', 'long', 'short'] as const) {
      const p = state.futures.positions.get(positionKey(userId, symbol, side));
      if (p && p.marginMode === 1) held.push(p);
    }
  }
  return held;
}

/** Where `entry` goes in a list sorted for its side (longs highest first, shorts lowest first), ties by id. */
function insertAt(list: Entry[], entry: Entry, long: boolean): number {
  let lo = 0;
  let hi = list.length;
  while (lo < hi) {
    const mid = (lo + hi) >>> 1;
    const e = list[mid] as Entry;
    const before = long
      ? e.price > entry.price || (e.price === entry.price && e.id < entry.id)
      : e.price < entry.price || (e.price === entry.price && e.id < entry.id);
    if (before) lo = mid + 1;
    else hi = mid;
  }
  return lo;
}
