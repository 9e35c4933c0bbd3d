/**
 * Caller order id (any safe integer ≥ 0, e.g. a database id) → internal slot, as an open-addressing hash table
 * in typed arrays: linear probing, backward-shift deletion (no tombstones), so lookups stay short and nothing is
 * allocated except when the table doubles.
 */
const EMPTY = -1;
const MAX_LOAD_NUM = 3;
const MAX_LOAD_DEN = 4;

export class IdMap {
  size = 0;
  private keys: Float64Array;
  private vals: Int32Array;
  private mask: number;
  /** Bucket where the last get() stopped: the key's own, or the empty one it would be inserted at. */
  private probe = 0;

  constructor(capacity = 1024) {
    let buckets = 16;
    while (buckets * MAX_LOAD_NUM < capacity * MAX_LOAD_DEN) buckets *= 2;
    this.keys = new Float64Array(buckets);
    this.vals = new Int32Array(buckets).fill(EMPTY);
    this.mask = buckets - 1;
  }

  /** Bytes held, for memory accounting. */
  get bytes(): number {
    return this.keys.byteLength + this.vals.byteLength;
  }

  /** Mixes both halves of the id; (key - low) / 2^32 is exact because key - low is a multiple of 2^32. */
  private home(key: number): number {
    const low = key >>> 0;
    const high = (key - low) / 4294967296;
    let h = Math.imul(low ^ Math.imul(high, 0x9e3779b1), 0x85ebca6b);
    h ^= h >>> 15;
    h = Math.imul(h, 0xc2b2ae35);
    h ^= h >>> 13;
    return h & this.mask;
  }

  get(key: number): number {
    const keys = this.keys;
    const vals = this.vals;
    const mask = this.mask;
    let i = this.home(key);
    for (;;) {
      const v = vals[i] as number;
      if (v === EMPTY || keys[i] === key) {
        this.probe = i;
        return v;
      }
      i = (i + 1) & mask;
    }
  }

  /**
   * The key must be absent. With `afterGet`, the caller promises its last call was get(key), which found it
   * absent, so the insertion bucket is known without probing again.
   */
  set(key: number, slot: number, afterGet = false): void {
    this.size++;
    if (this.size * MAX_LOAD_DEN > this.vals.length * MAX_LOAD_NUM) {
      this.grow();
      this.insert(key, slot);
      return;
    }
    if (!afterGet) {
      this.insert(key, slot);
      return;
    }
    this.keys[this.probe] = key;
    this.vals[this.probe] = slot;
  }

  private insert(key: number, slot: number): void {
    const mask = this.mask;
    let i = this.home(key);
    while (this.vals[i] !== EMPTY) i = (i + 1) & mask;
    this.keys[i] = key;
    this.vals[i] = slot;
  }

  /** With `afterGet`, as in set(): the caller's last call was get(key), which found it. */
  delete(key: number, afterGet = false): void {
    const keys = this.keys;
    const vals = this.vals;
    const mask = this.mask;
    let i = afterGet ? this.probe : this.home(key);
    for (;;) {
      if (vals[i] === EMPTY) return;
      if (keys[i] === key) break;
      i = (i + 1) & mask;
    }
    this.size--;
    // Shift back every later entry of the probe run that would otherwise become unreachable.
    let j = i;
    for (;;) {
      j = (j + 1) & mask;
      if (vals[j] === EMPTY) break;
      const home = this.home(keys[j] as number);
      const reachable = i <= j ? i < home && home <= j : i < home || home <= j;
      if (reachable) continue;
      keys[i] = keys[j] as number;
      vals[i] = vals[j] as number;
      i = j;
    }
    vals[i] = EMPTY;
  }

  private grow(): void {
    const oldKeys = this.keys;
    const oldVals = this.vals;
    this.keys = new Float64Array(oldKeys.length * 2);
    this.vals = new Int32Array(oldVals.length * 2).fill(EMPTY);
    this.mask = this.vals.length - 1;
    for (let i = 0; i < oldVals.length; i++) {
      if (oldVals[i] !== EMPTY) this.insert(oldKeys[i] as number, oldVals[i] as number);
    }
  }
}
