import type { OrderStore } from './order-store.ts';
import * as layout from './order-store.ts';
import { grown } from './typed-array-growth.ts';

/**
 * The price levels of one side of a book. Each level is a FIFO queue of order slots (linked through the order
 * store) with its total volume; levels live in a pool (price, volume, head, tail indexed by level).
 *
 * Finding a level by price is a ladder lookup, not a search: prices are cut into pages of 64 ticks, and a page
 * holds the level of each of its ticks plus a 64-bit occupancy mask, so the next level after the best one is a
 * bit scan. Only pages are kept sorted (`dir`, best last); a new order lands on the best page or one a few
 * entries from it. A page left empty deep in the book stays in `dir` until it reaches the end or empty pages
 * outnumber live ones, so cancelling far from the top never shifts the directory.
 */
const NONE = -1;
/** The order record layout, as this module's own consts (V8 folds those; see order-book.ts), checked at load. */
const NEXT = 0;
const PREV = 1;
const LEVEL = 2;
const INTS = 5;
const REMAINING = 2;
const NUMS = 4;
if (
  NEXT !== layout.NEXT ||
  PREV !== layout.PREV ||
  LEVEL !== layout.LEVEL ||
  INTS !== layout.INTS ||
  REMAINING !== layout.REMAINING ||
  NUMS !== layout.NUMS
) {
  throw new Error('book-side: the order record layout differs from order-store.ts');
}
const PAGE_BITS = 6;
const PAGE = 1 << PAGE_BITS;
const OFFSET_MASK = PAGE - 1;
const CACHE_MASK = 63;
/** Pages checked one by one from the best before a binary search of the directory. */
const NEAR_PAGES = 4;

export class BookSide {
  /**
   * Tested as `isBid === true` in the hot paths: a plain truthiness test of a boolean field compiles to a generic
   * ToBoolean (about ten instructions), the comparison to one pointer compare.
   */
  readonly isBid: boolean;
  /** Levels with orders. */
  size = 0;
  price: Int32Array;
  volume: Float64Array;
  head: Int32Array;
  tail: Int32Array;
  /** The page slot a level lies in. */
  private levelPage: Int32Array;
  private freeLevel = NONE;
  private usedLevels = 0;
  private bestLevel = NONE;

  /** Page directory, ascending in key (page number, negated for asks): the best page is last. */
  private dirKey: Int32Array;
  private dirPage: Int32Array;
  private dirSize = 0;
  private emptyPages = 0;
  /** Per page slot: its key, number of levels, the level of each tick (PAGE per page), occupancy (2 words). */
  private pageKey: Int32Array;
  private pageCount: Int32Array;
  private pageLevel: Int32Array;
  private pageBits: Int32Array;
  private freePage = NONE;
  /** Page cache: entry key & CACHE_MASK holds a live page whose key may be that one (findPage checks it). */
  private readonly cachePage: Int32Array;
  private usedPages = 0;

  /** levelFromBest's place, so walking r = 0, 1, 2, ... costs one step each; any level change resets it. */
  private cursorRank = -1;
  private cursorLevel = NONE;

  constructor(isBid: boolean, capacity = 256) {
    this.isBid = isBid;
    this.price = new Int32Array(capacity);
    this.volume = new Float64Array(capacity);
    this.head = new Int32Array(capacity);
    this.tail = new Int32Array(capacity);
    this.levelPage = new Int32Array(capacity);
    const pages = 16;
    this.dirKey = new Int32Array(pages);
    this.dirPage = new Int32Array(pages);
    this.pageKey = new Int32Array(pages);
    this.pageCount = new Int32Array(pages);
    this.pageLevel = new Int32Array(pages * PAGE).fill(NONE);
    this.pageBits = new Int32Array(pages * 2);
    this.cachePage = new Int32Array(CACHE_MASK + 1).fill(NONE);
  }

  /** Bytes held, for memory accounting. */
  get bytes(): number {
    return this.price.length * 28 + this.pageKey.length * (16 + PAGE * 4);
  }

  best(): number {
    return this.bestLevel;
  }

  /** The level at rank r counted from the best (0 = best); consecutive ranks cost one step each. */
  levelFromBest(r: number): number {
    if (r === 0 || r !== this.cursorRank + 1) {
      let level = this.bestLevel;
      for (let i = 0; i < r; i++) level = this.worse(level);
      this.cursorLevel = level;
    } else this.cursorLevel = this.worse(this.cursorLevel);
    this.cursorRank = r;
    return this.cursorLevel;
  }

  /** Whether a resting price on this side is at least as good as `limit` for an incoming order on the other. */
  crosses(price: number, limit: number): boolean {
    return this.isBid === true ? price >= limit : price <= limit;
  }

  /** The level at price p, or NONE. */
  find(p: number): number {
    const page = this.findPage(this.keyOf(p >> PAGE_BITS));
    return page === NONE ? NONE : (this.pageLevel[(page << PAGE_BITS) | (p & OFFSET_MASK)] as number);
  }

  /**
   * The level at price p, created empty if absent. Most orders land on a level that exists on a cached page: that
   * path is kept small enough for V8 to inline into the caller, the rest is addLevel().
   */
  levelFor(p: number): number {
    const key = this.isBid === true ? p >> PAGE_BITS : -(p >> PAGE_BITS);
    const cached = this.cachePage[key & CACHE_MASK] as number;
    if (cached !== NONE && this.pageKey[cached] === key) {
      const found = this.pageLevel[(cached << PAGE_BITS) | (p & OFFSET_MASK)] as number;
      if (found !== NONE) return found;
    }
    return this.addLevel(p);
  }

  /** levelFor() past its fast path: the level at price p, created if absent, on a page added if absent. */
  private addLevel(p: number): number {
    const key = this.keyOf(p >> PAGE_BITS);
    let page = this.findPage(key);
    if (page === NONE) page = this.addPage(key);
    const at = (page << PAGE_BITS) | (p & OFFSET_MASK);
    const found = this.pageLevel[at] as number;
    if (found !== NONE) return found;
    const level = this.allocLevel();
    this.price[level] = p;
    this.volume[level] = 0;
    this.head[level] = NONE;
    this.tail[level] = NONE;
    this.levelPage[level] = page;
    this.pageLevel[at] = level;
    const bit = (page << 1) | ((p >> 5) & 1);
    this.pageBits[bit] = (this.pageBits[bit] as number) | (1 << (p & 31));
    const count = this.pageCount[page] as number;
    if (count === 0) this.emptyPages--;
    this.pageCount[page] = count + 1;
    this.size++;
    this.cursorRank = -1;
    const best = this.bestLevel;
    if (best === NONE || (this.isBid === true ? p > (this.price[best] as number) : p < (this.price[best] as number))) {
      this.bestLevel = level;
    }
    return level;
  }

  /** Appends an order at the back of its level's queue. */
  push(level: number, slot: number, store: OrderStore): void {
    const ints = store.ints;
    const tail = this.tail[level] as number;
    const at = slot * INTS;
    ints[at + LEVEL] = level;
    ints[at + PREV] = tail;
    ints[at + NEXT] = NONE;
    if (tail === NONE) this.head[level] = slot;
    else ints[tail * INTS + NEXT] = slot;
    this.tail[level] = slot;
    this.volume[level] = (this.volume[level] as number) + (store.nums[slot * NUMS + REMAINING] as number);
  }

  /** Takes an order out of its queue (its remaining still counted in the level's volume); drops an emptied level. */
  unlink(slot: number, store: OrderStore): void {
    const ints = store.ints;
    const at = slot * INTS;
    const level = ints[at + LEVEL] as number;
    const prev = ints[at + PREV] as number;
    const next = ints[at + NEXT] as number;
    if (prev === NONE) this.head[level] = next;
    else ints[prev * INTS + NEXT] = next;
    if (next === NONE) this.tail[level] = prev;
    else ints[next * INTS + PREV] = prev;
    this.volume[level] = (this.volume[level] as number) - (store.nums[slot * NUMS + REMAINING] as number);
    if (next === NONE && prev === NONE) this.removeLevel(level);
  }

  /**
   * Takes the first order out of a level's queue whose next order is `next` (from the order's record), when its
   * remaining is already out of the level's volume: the matching loop's filled maker. Small enough for V8 to
   * inline into the loop, unlike unlink().
   */
  shift(level: number, next: number, ints: Int32Array): void {
    this.head[level] = next;
    if (next === NONE) this.removeLevel(level);
    else ints[next * INTS + PREV] = NONE;
  }

  /** The next level after `level` in priority order, or NONE. */
  worse(level: number): number {
    const p = this.price[level] as number;
    const page = this.levelPage[level] as number;
    const within = this.scan(page, this.isBid === true ? (p & OFFSET_MASK) - 1 : (p & OFFSET_MASK) + 1);
    if (within !== NONE) return within;
    for (let i = this.dirIndex(this.pageKey[page] as number) - 1; i >= 0; i--) {
      const other = this.dirPage[i] as number;
      if (this.pageCount[other] !== 0) return this.scan(other, this.isBid === true ? OFFSET_MASK : 0);
    }
    return NONE;
  }

  private keyOf(pageNumber: number): number {
    return this.isBid === true ? pageNumber : -pageNumber;
  }

  private removeLevel(level: number): void {
    const p = this.price[level] as number;
    const page = this.levelPage[level] as number;
    this.pageLevel[(page << PAGE_BITS) | (p & OFFSET_MASK)] = NONE;
    const bit = (page << 1) | ((p >> 5) & 1);
    this.pageBits[bit] = (this.pageBits[bit] as number) & ~(1 << (p & 31));
    const count = (this.pageCount[page] as number) - 1;
    this.pageCount[page] = count;
    if (count === 0) this.emptyPages++;
    this.size--;
    this.cursorRank = -1;
    this.head[level] = this.freeLevel;
    this.freeLevel = level;
    if (level === this.bestLevel) this.bestLevel = this.nextBest(page, p);
    if (this.emptyPages > 64 && this.emptyPages * 2 > this.dirSize) this.compact();
  }

  /** The best level once the best one, at price p in `page`, is gone: further down its page or on a lower page. */
  private nextBest(page: number, p: number): number {
    if (this.pageCount[page] !== 0) return this.scan(page, p & OFFSET_MASK);
    // The best page was the last in the directory: drop it and any empty pages behind it.
    while (this.dirSize > 0) {
      const last = this.dirPage[this.dirSize - 1] as number;
      if (this.pageCount[last] !== 0) return this.scan(last, this.isBid === true ? OFFSET_MASK : 0);
      this.dirSize--;
      this.emptyPages--;
      this.releasePage(last);
    }
    return NONE;
  }

  /** The best occupied level of `page` at offset `from` or worse (below it for bids, above for asks), or NONE. */
  private scan(page: number, from: number): number {
    const bits = this.pageBits;
    const base = page << 1;
    const levels = page << PAGE_BITS;
    if (this.isBid === true) {
      if (from < 0) return NONE;
      const w = from >> 5;
      const word = (bits[base + w] as number) & ((-1 >>> (31 - (from & 31))) | 0);
      if (word !== 0) return this.pageLevel[levels | (w << 5) | (31 - Math.clz32(word))] as number;
      const low = w === 1 ? (bits[base] as number) : 0;
      return low === 0 ? NONE : (this.pageLevel[levels | (31 - Math.clz32(low))] as number);
    }
    if (from >= PAGE) return NONE;
    const w = from >> 5;
    const word = (bits[base + w] as number) & (-1 << (from & 31));
    if (word !== 0) return this.pageLevel[levels | (w << 5) | (31 - Math.clz32(word & -word))] as number;
    const high = w === 0 ? (bits[base + 1] as number) : 0;
    return high === 0 ? NONE : (this.pageLevel[levels | 32 | (31 - Math.clz32(high & -high))] as number);
  }

  /** Position of `key` in the directory, or where it would be inserted (the first entry above it). */
  private dirIndex(key: number): number {
    const keys = this.dirKey;
    let hi = this.dirSize;
    const near = Math.max(0, hi - NEAR_PAGES);
    while (hi > near && (keys[hi - 1] as number) >= key) hi--;
    if (hi < this.dirSize && keys[hi] === key) return hi;
    if (hi > near) return hi;
    let lo = 0;
    while (lo < hi) {
      const mid = (lo + hi) >>> 1;
      if ((keys[mid] as number) < key) lo = mid + 1;
      else hi = mid;
    }
    return lo;
  }

  private findPage(key: number): number {
    // Orders land on a handful of pages near the top: a direct-mapped cache of key → page skips the directory.
    const c = key & CACHE_MASK;
    const cached = this.cachePage[c] as number;
    if (cached !== NONE && this.pageKey[cached] === key) return cached;
    const i = this.dirIndex(key);
    if (i < this.dirSize && this.dirKey[i] === key) {
      const page = this.dirPage[i] as number;
      this.cachePage[c] = page;
      return page;
    }
    return NONE;
  }

  /** A new empty page for `key`, placed in the directory (a page is counted empty until its first level). */
  private addPage(key: number): number {
    const page = this.allocPage();
    this.pageKey[page] = key;
    this.pageCount[page] = 0;
    this.emptyPages++;
    const i = this.dirIndex(key);
    if (this.dirSize === this.dirKey.length) {
      this.dirKey = grown(this.dirKey, this.dirSize * 2);
      this.dirPage = grown(this.dirPage, this.dirSize * 2);
    }
    this.dirKey.copyWithin(i + 1, i, this.dirSize);
    this.dirPage.copyWithin(i + 1, i, this.dirSize);
    this.dirKey[i] = key;
    this.dirPage[i] = page;
    this.dirSize++;
    return page;
  }

  /** Drops every empty page from the directory, keeping the order of the rest. */
  private compact(): void {
    let kept = 0;
    for (let i = 0; i < this.dirSize; i++) {
      const page = this.dirPage[i] as number;
      if (this.pageCount[page] === 0) {
        this.releasePage(page);
        continue;
      }
      this.dirKey[kept] = this.dirKey[i] as number;
      this.dirPage[kept++] = page;
    }
    this.dirSize = kept;
    this.emptyPages = 0;
  }

  private allocPage(): number {
    const free = this.freePage;
    if (free !== NONE) {
      this.freePage = this.pageCount[free] as number;
      return free;
    }
    if (this.usedPages === this.pageKey.length) {
      const size = this.usedPages * 2;
      this.pageKey = grown(this.pageKey, size);
      this.pageCount = grown(this.pageCount, size);
      this.pageBits = grown(this.pageBits, size * 2);
      const levels = grown(this.pageLevel, size * PAGE);
      levels.fill(NONE, this.usedPages * PAGE);
      this.pageLevel = levels;
    }
    return this.usedPages++;
  }

  /** An empty page's ticks are all NONE and its mask zero already; its count field chains the free pages. */
  private releasePage(page: number): void {
    const c = (this.pageKey[page] as number) & CACHE_MASK;
    if (this.cachePage[c] === page) this.cachePage[c] = NONE;
    this.pageCount[page] = this.freePage;
    this.freePage = page;
  }

  private allocLevel(): number {
    const free = this.freeLevel;
    if (free !== NONE) {
      this.freeLevel = this.head[free] as number;
      return free;
    }
    if (this.usedLevels === this.price.length) {
      const size = this.usedLevels * 2;
      this.price = grown(this.price, size);
      this.volume = grown(this.volume, size);
      this.head = grown(this.head, size);
      this.tail = grown(this.tail, size);
      this.levelPage = grown(this.levelPage, size);
    }
    return this.usedLevels++;
  }
}
