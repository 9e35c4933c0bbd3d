import type { FuturesAccounts, FuturesRules } from './futures-rules.ts';
import { type FuturesPosition, type FuturesState, positionKey } from './futures-state.ts';
import { liquidationPrice } from './liquidation.ts';
import { ONE } from './ratio.ts';

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
/** What the index reads of the core's state (IndexedState has it). */
export interface IndexedState {
  futures: FuturesState;
  markets: ReadonlyMap<string, { spec: { futures: FuturesRules | null } }>;
  balances: { get(ownerId: number, account: string, coin: string): { available: bigint } };
}

interface Entry {
  price: bigint;
  id: number;
  key: string;
}

/** One contract of a cross account as it was valued: its mark then and its size (contracts x multiplier). */
export interface Leg {
  symbol: string;
  mark: bigint;
  size: bigint;
  inverse: boolean;
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
  /** Cross accounts (crossKey) holding more than one cross position, and the contracts each holds. */
  private readonly multi = new Map<string, Set<string>>();
  /** Positions to place again at the next refresh (besides those the state reports changed). */
  private readonly dirty = new Set<string>();
  /**
   * A multi-position cross account's cushion when it was last valued (margin balance less maintenance) and, per
   * contract, the mark then and its size: while the marks have not moved enough to use the cushion up, the account
   * cannot be underwater and is not valued again.
   */
  private readonly cushions = new Map<string, { cushion: bigint; legs: Leg[] }>();
  private readonly cushioned = new Map<number, Set<string>>();
  /** Every open position's key by its user: a balance move places the user's positions again. */
  private readonly byUser = new Map<number, Set<string>>();

  /** Places every changed position (and every position of a user whose balance moved) again. */
  refresh(state: IndexedState): void {
    for (const key of state.futures.changed) {
      this.dirty.add(key);
      this.dropCushions(userOfKey(key));
    }
    state.futures.changed.clear();
    for (const user of state.futures.movedUsers) {
      for (const key of this.byUser.get(user) ?? []) this.dirty.add(key);
      this.dropCushions(user);
    }
    state.futures.movedUsers.clear();
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

  /** The indexed positions whose liquidation price is within `band` (a fraction of the mark) of the mark, or past it. */
  near(symbol: string, mark: bigint, band: bigint): { key: string; price: bigint }[] {
    const entries = this.contracts.get(symbol);
    if (!entries) return [];
    const room = (mark * band) / ONE;
    const out: { key: string; price: bigint }[] = [];
    for (const e of entries.longs) {
      if (e.price < mark - room) break;
      out.push(e);
    }
    for (const e of entries.shorts) {
      if (e.price > mark + room) break;
      out.push(e);
    }
    return out;
  }

  /** Notes a cross account's cushion after valuing it (`legs`: its contracts at the marks it was valued at). */
  noteCushion(account: string, cushion: bigint, legs: Leg[]): void {
    if (!this.multi.has(account)) return;
    this.cushions.set(account, { cushion, legs });
    const user = userOfKey(account);
    const accounts = this.cushioned.get(user);
    if (accounts) accounts.add(account);
    else this.cushioned.set(user, new Set([account]));
  }

  /**
   * Whether the marks may have used up the account's cushion since it was valued: the most its margin balance less
   * maintenance can have fallen is, per contract, twice the change of its value (PnL, and maintenance at a rate
   * under 1): size x |mark now - mark then| (linear) or size x |1/now - 1/then| (inverse). Unknown: it may.
   */
  mayBeUnderwater(account: string, markOf: (symbol: string) => bigint | undefined): boolean {
    const noted = this.cushions.get(account);
    if (!noted || noted.cushion <= 0n) return true;
    let fall = 0n;
    for (const leg of noted.legs) {
      const now = markOf(leg.symbol) ?? leg.mark;
      if (now === leg.mark) continue;
      const move = now > leg.mark ? now - leg.mark : leg.mark - now;
      // Ledger units: size (10^-18) x price (10^-18) / 10^18; inverse: size x move / (now x then), in 10^-18.
      fall += leg.inverse ? (leg.size * move * ONE) / (now * leg.mark) + 1n : (leg.size * move) / ONE + 1n;
      if (2n * fall >= noted.cushion) return true;
    }
    return false;
  }

  private dropCushions(user: number): void {
    for (const account of this.cushioned.get(user) ?? []) this.cushions.delete(account);
    this.cushioned.delete(user);
  }

  private place(state: IndexedState, key: string): void {
    this.remove(key);
    const user = userOfKey(key);
    const p = state.futures.positions.get(key);
    if (!p) {
      this.byUser.get(user)?.delete(key);
      return;
    }
    const keys = this.byUser.get(user);
    if (keys) keys.add(key);
    else this.byUser.set(user, new Set([key]));
    const rules = state.markets.get(p.symbol)?.spec.futures;
    if (!rules) return;
    if (p.marginMode === 1) {
      const wallet = walletOf(p.userId, rules);
      const account = crossKey(wallet);
      const held = crossPositions(state, wallet);
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
              wallet: state.balances.get(p.userId, rules.accounts.user, rules.marginCoin).available + p.margin,
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

/**
 * What a user's cross positions share: one margin coin in one account (real `co` or simulated `co_sim`, which never
 * back each other).
 */
export interface CrossWallet {
  userId: number;
  account: FuturesAccounts['user'];
  coin: string;
}

export const walletOf = (userId: number, rules: FuturesRules): CrossWallet => ({
  userId,
  account: rules.accounts.user,
  coin: rules.marginCoin,
});

/** A cross wallet's key: `user|account|coin`. */
export const crossKey = (w: CrossWallet) => `${w.userId}|${w.account}|${w.coin}`;

export function walletOfKey(key: string): CrossWallet {
  const [user, account, coin] = key.split('|') as [string, CrossWallet['account'], string];
  return { userId: Number(user), account, coin };
}

/** The user's cross positions in contracts margined from the wallet. */
export function crossPositions(state: IndexedState, wallet: CrossWallet): FuturesPosition[] {
  const { userId, account, coin } = wallet;
  const held: FuturesPosition[] = [];
  for (const symbol of state.futures.bySymbol.keys()) {
    const rules: FuturesRules | null | undefined = state.markets.get(symbol)?.spec.futures;
    if (!rules || rules.marginCoin !== coin || rules.accounts.user !== account) continue;
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
