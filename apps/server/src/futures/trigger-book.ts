/**
 * The active conditional orders held in memory, by contract and watched price, so that a price move looks only at
 * the triggers it crossed: those waiting for a rise sorted by trigger price upwards, those waiting for a fall
 * downwards, each fired from the front. Trailing stops move with the price and are followed one by one (few).
 * Pure: no clock, no I/O; prices in ledger units.
 */
export type PriceKind = 1 | 2;

/** 1 fires when the price rises to the trigger, 2 when it falls to it. */
export type Direction = 1 | 2;

export interface Trailing {
  /** The retrace that fires it, a fraction in ledger units (0.01 is 10^16). */
  callbackRate: bigint;
  /** It starts following once the price reaches this; null: it follows from creation. */
  activation: bigint | null;
  /** The best price since activation; null before it. */
  extreme: bigint | null;
}

export interface ArmedTrigger {
  id: number;
  userId: number;
  symbol: string;
  side: 'BUY' | 'SELL';
  priceKind: PriceKind;
  direction: Direction;
  /** Ignored by a trailing stop. */
  triggerPrice: bigint;
  trailing: Trailing | null;
  expireAt: number;
  /** A closing order's position (positionSide), or null for an opening one. */
  closes: string | null;
}

const ONE = 10n ** 18n;

/** A trailing stop's stop price now, or null before activation: the extreme less (more) the callback. */
export function trailingStop(t: Trailing, direction: Direction): bigint | null {
  if (t.extreme === null) return null;
  const factor = direction === 2 ? ONE - t.callbackRate : ONE + t.callbackRate;
  return (t.extreme * factor) / ONE;
}

/**
 * A trailing stop seen at `price`: activates it when the price reaches the activation price, follows the best price
 * since (the highest for a stop that fires on a fall), and fires when the price retraces the callback from it.
 * Changes `t` in place; `moved` when its extreme changed.
 */
export function followTrailing(t: Trailing, direction: Direction, price: bigint): { fired: boolean; moved: boolean } {
  const rises = direction === 1;
  if (t.extreme === null) {
    if (t.activation !== null && (rises ? price > t.activation : price < t.activation))
      return { fired: false, moved: false };
    t.extreme = price;
    return { fired: false, moved: true };
  }
  const better = rises ? price < t.extreme : price > t.extreme;
  if (better) {
    t.extreme = price;
    return { fired: false, moved: true };
  }
  // Exact: price <= extreme x (1 - rate) for a fall, price >= extreme x (1 + rate) for a rise.
  const fired = rises
    ? price * ONE >= t.extreme * (ONE + t.callbackRate)
    : price * ONE <= t.extreme * (ONE - t.callbackRate);
  return { fired, moved: false };
}

export class TriggerBook {
  /** Static triggers by `${symbol}|${kind}|${direction}`: rises ascending, falls descending by trigger price. */
  private readonly waiting = new Map<string, ArmedTrigger[]>();
  private readonly trailing = new Map<string, ArmedTrigger[]>();
  private readonly byId = new Map<number, ArmedTrigger>();
  /** Closing triggers by user, then contract. */
  private readonly closers = new Map<number, Map<string, Set<ArmedTrigger>>>();
  /**
   * Triggers by expiry, soonest first. Those taken out otherwise stay until their expiry comes round (or the list is
   * compacted), so firing many at once does not search this list.
   */
  private expiries: ArmedTrigger[] = [];

  get size(): number {
    return this.byId.size;
  }

  has(id: number): boolean {
    return this.byId.has(id);
  }

  add(t: ArmedTrigger): void {
    if (this.expiries.length > 2 * this.byId.size + 1024) this.expiries = this.expiries.filter((e) => this.holds(e));
    this.byId.set(t.id, t);
    if (t.closes !== null) {
      const mine = this.closers.get(t.userId) ?? new Map<string, Set<ArmedTrigger>>();
      mine.set(t.symbol, (mine.get(t.symbol) ?? new Set()).add(t));
      this.closers.set(t.userId, mine);
    }
    insertSorted(this.expiries, t, (a, b) => a.expireAt < b.expireAt);
    if (t.trailing) {
      listOf(this.trailing, `${t.symbol}|${t.priceKind}`).push(t);
      return;
    }
    const rises = t.direction === 1;
    insertSorted(listOf(this.waiting, waitKey(t)), t, (a, b) =>
      rises ? a.triggerPrice < b.triggerPrice : a.triggerPrice > b.triggerPrice,
    );
  }

  /** Takes the trigger out (fired, cancelled or expired); undefined when it is not here. */
  remove(id: number): ArmedTrigger | undefined {
    const t = this.byId.get(id);
    if (!t) return undefined;
    this.forget(t);
    if (t.trailing) drop(this.trailing.get(`${t.symbol}|${t.priceKind}`), t);
    else drop(this.waiting.get(waitKey(t)), t);
    return t;
  }

  private forget(t: ArmedTrigger): void {
    this.byId.delete(t.id);
    const mine = this.closers.get(t.userId);
    const set = mine?.get(t.symbol);
    set?.delete(t);
    if (set?.size === 0) mine?.delete(t.symbol);
    if (mine?.size === 0) this.closers.delete(t.userId);
  }

  private holds(t: ArmedTrigger): boolean {
    return this.byId.get(t.id) === t;
  }

  /**
   * Takes out the static triggers of the contract's watched price crossed by prices from `low` to `high`: those
   * waiting for a rise with trigger <= high, those waiting for a fall with trigger >= low; the book's fronts only.
   */
  takeCrossed(symbol: string, kind: PriceKind, high: bigint, low: bigint): ArmedTrigger[] {
    const crossed: ArmedTrigger[] = [];
    for (const direction of [1, 2] as const) {
      const list = this.waiting.get(`${symbol}|${kind}|${direction}`);
      if (!list) continue;
      let n = 0;
      while (n < list.length) {
        const price = (list[n] as ArmedTrigger).triggerPrice;
        if (direction === 1 ? price > high : price < low) break;
        n++;
      }
      crossed.push(...list.splice(0, n));
    }
    for (const t of crossed) this.forget(t);
    return crossed;
  }

  /** The contract's trailing stops on this watched price, each followed through the prices in order. */
  follow(symbol: string, kind: PriceKind, prices: readonly bigint[]): { fired: ArmedTrigger[]; moved: ArmedTrigger[] } {
    const fired: ArmedTrigger[] = [];
    const moved = new Set<ArmedTrigger>();
    for (const t of [...(this.trailing.get(`${symbol}|${kind}`) ?? [])]) {
      const trailing = t.trailing as Trailing;
      for (const price of prices) {
        const step = followTrailing(trailing, t.direction, price);
        if (step.moved) moved.add(t);
        if (step.fired) {
          fired.push(t);
          this.remove(t.id);
          break;
        }
      }
    }
    return { fired, moved: [...moved].filter((t) => !fired.includes(t)) };
  }

  /** Takes out the triggers whose expiry is at or before `now`. */
  takeExpired(now: number): ArmedTrigger[] {
    let n = 0;
    while (n < this.expiries.length && (this.expiries[n] as ArmedTrigger).expireAt <= now) n++;
    // A trigger armed again (its firing put off) is listed twice.
    const due = [...new Set(this.expiries.splice(0, n))].filter((t) => this.holds(t));
    for (const t of due) this.remove(t.id);
    return due;
  }

  /** The user's closing triggers in the contract. */
  closing(userId: number, symbol: string): ArmedTrigger[] {
    return [...(this.closers.get(userId)?.get(symbol) ?? [])];
  }

  /** The contracts in which the user has closing triggers. */
  closingSymbols(userId: number): string[] {
    return [...(this.closers.get(userId)?.keys() ?? [])];
  }
}

const waitKey = (t: ArmedTrigger) => `${t.symbol}|${t.priceKind}|${t.direction}`;

function listOf<T>(map: Map<string, T[]>, key: string): T[] {
  let list = map.get(key);
  if (!list) {
    list = [];
    map.set(key, list);
  }
  return list;
}

/** Inserts after every item that does not come after `item` (equal ones keep their arrival order). */
function insertSorted<T>(list: T[], item: T, before: (a: T, b: T) => boolean): void {
  let lo = 0;
  let hi = list.length;
  while (lo < hi) {
    const mid = (lo + hi) >> 1;
    if (before(item, list[mid] as T)) hi = mid;
    else lo = mid + 1;
  }
  list.splice(lo, 0, item);
}

function drop<T>(list: T[] | undefined, item: T): void {
  const i = list?.indexOf(item) ?? -1;
  if (list && i >= 0) list.splice(i, 1);
}
