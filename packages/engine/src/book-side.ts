import type { OrderStore } from './order-store.ts';
import { grown } from './typed-array-growth.ts';

/**
 * The price levels of one side of a book. Each level is a FIFO queue of order slots (linked through the order
 * store) with its total volume. Levels are kept sorted in `ranks` with the best price at the end, so taking or
 * dropping the best level is O(1), and a new level near the top shifts only the few levels better than it.
 */
const NONE = -1;

export class BookSide {
  readonly isBid: boolean;
  /** Level slots ordered by priority, worst first, best last. */
  ranks: Int32Array;
  size = 0;
  price: Int32Array;
  volume: Float64Array;
  head: Int32Array;
  tail: Int32Array;
  private readonly sign: number;
  private freeHead = NONE;
  private used = 0;

  constructor(isBid: boolean, capacity = 256) {
    this.isBid = isBid;
    this.sign = isBid ? 1 : -1;
    this.ranks = new Int32Array(capacity);
    this.price = new Int32Array(capacity);
    this.volume = new Float64Array(capacity);
    this.head = new Int32Array(capacity);
    this.tail = new Int32Array(capacity);
  }

  /** Bytes held, for memory accounting. */
  get bytes(): number {
    return this.price.length * 24;
  }

  best(): number {
    return this.size === 0 ? NONE : (this.ranks[this.size - 1] as number);
  }

  /** The level at rank r counted from the best (0 = best). */
  levelFromBest(r: number): number {
    return this.ranks[this.size - 1 - r] as number;
  }

  /** Whether a resting price on this side is at least as good as `limit` for an incoming order on the other. */
  crosses(price: number, limit: number): boolean {
    return this.isBid ? price >= limit : price <= limit;
  }

  /** First rank whose key (sign × price) is ≥ key: ranks are ascending in key. */
  private lowerBound(key: number): number {
    const ranks = this.ranks;
    const price = this.price;
    const sign = this.sign;
    let lo = 0;
    let hi = this.size;
    while (lo < hi) {
      const mid = (lo + hi) >>> 1;
      if (sign * (price[ranks[mid] as number] as number) < key) lo = mid + 1;
      else hi = mid;
    }
    return lo;
  }

  find(p: number): number {
    const r = this.lowerBound(this.sign * p);
    if (r === this.size) return NONE;
    const level = this.ranks[r] as number;
    return this.price[level] === p ? level : NONE;
  }

  /** The level at price p, created empty if absent. */
  levelFor(p: number): number {
    const r = this.lowerBound(this.sign * p);
    if (r < this.size) {
      const found = this.ranks[r] as number;
      if (this.price[found] === p) return found;
    }
    const level = this.allocLevel();
    this.price[level] = p;
    this.volume[level] = 0;
    this.head[level] = NONE;
    this.tail[level] = NONE;
    if (this.size === this.ranks.length) this.ranks = grown(this.ranks, this.size * 2);
    this.ranks.copyWithin(r + 1, r, this.size);
    this.ranks[r] = level;
    this.size++;
    return level;
  }

  /** Appends an order at the back of its level's queue. */
  push(level: number, slot: number, store: OrderStore): void {
    const tail = this.tail[level] as number;
    store.level[slot] = level;
    store.prev[slot] = tail;
    store.next[slot] = NONE;
    if (tail === NONE) this.head[level] = slot;
    else store.next[tail] = slot;
    this.tail[level] = slot;
    this.volume[level] = (this.volume[level] as number) + (store.remaining[slot] as number);
  }

  /** Takes an order out of its queue (its remaining still counted in the level's volume); drops an emptied level. */
  unlink(slot: number, store: OrderStore): void {
    const level = store.level[slot] as number;
    const prev = store.prev[slot] as number;
    const next = store.next[slot] as number;
    if (prev === NONE) this.head[level] = next;
    else store.next[prev] = next;
    if (next === NONE) this.tail[level] = prev;
    else store.prev[next] = prev;
    this.volume[level] = (this.volume[level] as number) - (store.remaining[slot] as number);
    if (this.head[level] === NONE) this.removeLevel(level);
  }

  private removeLevel(level: number): void {
    const last = this.size - 1;
    const r = this.ranks[last] === level ? last : this.lowerBound(this.sign * (this.price[level] as number));
    this.ranks.copyWithin(r, r + 1, this.size);
    this.size--;
    this.head[level] = this.freeHead;
    this.freeHead = level;
  }

  private allocLevel(): number {
    const free = this.freeHead;
    if (free !== NONE) {
      this.freeHead = this.head[free] as number;
      return free;
    }
    if (this.used === this.price.length) {
      this.price = grown(this.price, this.used * 2);
      this.volume = grown(this.volume, this.used * 2);
      this.head = grown(this.head, this.used * 2);
      this.tail = grown(this.tail, this.used * 2);
    }
    return this.used++;
  }
}
