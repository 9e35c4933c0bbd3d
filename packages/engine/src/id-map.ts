import type { OrderStore } from './order-store.ts';
import * as layout from './order-store.ts';

/**
 * Caller order id (any safe integer ≥ 0, e.g. a database id) → order slot, as an open-addressing hash table of
 * [hash, slot] int32 pairs: linear probing, backward-shift deletion (no tombstones). A bucket holds the id's full
 * 32-bit hash, so a probe compares ints within one cache line and a deletion knows every entry's home without
 * hashing again; the id itself is read from the order store only when the hashes match, from the record the
 * caller goes on to use anyway. Nothing is allocated except when the table doubles.
 */
const EMPTY = -1;
/** Where an order record keeps its id, as this module's own consts (V8 folds those; see order-book.ts). */
const ID = 0;
const NUMS = 4;
if (ID !== layout.ID || NUMS !== layout.NUMS) throw new Error('id-map: the order record layout differs');
const MAX_LOAD_NUM = 3;
const MAX_LOAD_DEN = 4;

/** A 32-bit hash of a safe integer; (key - low) / 2^32 is exact because key - low is a multiple of 2^32. */
function hash(key: number): number {
  const low = key >>> 0;
  const high = (key - low) / 4294967296;
  const h = Math.imul(low ^ Math.imul(high, 0x9e3779b1), 0x85ebca6b);
  return h ^ (h >>> 16);
}

export class IdMap {
  size = 0;
  /** Bucket b is table[2b] (hash) and table[2b + 1] (slot, or EMPTY). */
  private table: Int32Array;
  private mask: number;
  /** Bucket where the last get() stopped (the key's own, or the empty one it would go in) and the key's hash. */
  private probe = 0;
  private probeHash = 0;
  private readonly store: OrderStore;

  constructor(store: OrderStore, capacity = 1024) {
    this.store = store;
    let buckets = 16;
    while (buckets * MAX_LOAD_NUM < capacity * MAX_LOAD_DEN) buckets *= 2;
    this.table = new Int32Array(buckets * 2).fill(EMPTY);
    this.mask = buckets - 1;
  }

  /** Bytes held, for memory accounting. */
  get bytes(): number {
    return this.table.byteLength;
  }

  /** The slot of the order with this id, or -1. */
  get(key: number): number {
    const t = this.table;
    const nums = this.store.nums;
    const mask = this.mask;
    const h = hash(key);
    // Bucket b's fields are at b << 1 and (b << 1) | 1: shifts and ors, unlike 2 * b + 1, need no overflow checks.
    let b = h & mask;
    let slot = t[(b << 1) | 1] as number;
    while (slot !== EMPTY && (t[b << 1] !== h || nums[slot * NUMS + ID] !== key)) {
      b = (b + 1) & mask;
      slot = t[(b << 1) | 1] as number;
    }
    this.probe = b;
    this.probeHash = h;
    return slot;
  }

  /**
   * Maps an id that get() just found absent (no other call in between) to `slot`, whose record already holds the id.
   */
  setAfterGet(slot: number): void {
    if ((this.size + 1) * MAX_LOAD_DEN > (this.mask + 1) * MAX_LOAD_NUM) {
      this.grow();
      this.insert(this.probeHash, slot);
    } else {
      this.table[this.probe << 1] = this.probeHash;
      this.table[(this.probe << 1) | 1] = slot;
    }
    this.size++;
  }

  /** Maps an absent id to `slot`, whose record already holds the id. */
  set(key: number, slot: number): void {
    if ((this.size + 1) * MAX_LOAD_DEN > (this.mask + 1) * MAX_LOAD_NUM) this.grow();
    this.insert(hash(key), slot);
    this.size++;
  }

  /** Unmaps the order in `slot` with this id; with `afterGet`, get(key) was the last call and found it. */
  delete(key: number, slot: number, afterGet = false): void {
    const t = this.table;
    const mask = this.mask;
    let b = this.probe;
    if (!afterGet) {
      b = hash(key) & mask;
      while (t[(b << 1) | 1] !== slot) b = (b + 1) & mask;
    }
    this.size--;
    // Shift back every later entry of the probe run that would otherwise become unreachable.
    let j = (b + 1) & mask;
    let moved = t[(j << 1) | 1] as number;
    while (moved !== EMPTY) {
      const h = t[j << 1] as number;
      const home = h & mask;
      if (b <= j ? home <= b || home > j : home <= b && home > j) {
        t[b << 1] = h;
        t[(b << 1) | 1] = moved;
        b = j;
      }
      j = (j + 1) & mask;
      moved = t[(j << 1) | 1] as number;
    }
    t[(b << 1) | 1] = EMPTY;
  }

  private insert(h: number, slot: number): void {
    const t = this.table;
    const mask = this.mask;
    let b = h & mask;
    while (t[(b << 1) | 1] !== EMPTY) b = (b + 1) & mask;
    t[b << 1] = h;
    t[(b << 1) | 1] = slot;
  }

  private grow(): void {
    const old = this.table;
    this.table = new Int32Array(old.length * 2).fill(EMPTY);
    this.mask = old.length - 1;
    for (let b = 0; b < old.length; b += 2) {
      const slot = old[b + 1] as number;
      if (slot !== EMPTY) this.insert(old[b] as number, slot);
    }
  }
}
