/**
 * Every live order (resting or waiting for its trigger) occupies a slot: a record of INTS int32 fields in `ints`
 * and NUMS float64 fields in `nums`, so one order lies in two short runs of memory instead of one cache line per
 * field. Freed slots are chained through NEXT and reused, so placing and cancelling allocate nothing.
 * 52 bytes a slot. Only the book writes records; readers use the accessors or the field offsets below.
 *
 * Int fields: NEXT/PREV (queue links within a price level, or -1), LEVEL (the level a resting order is queued on),
 * PRICE (limit price in ticks, 0 for a market order), FLAGS (order-flags.ts).
 * Number fields, all safe integers: ID and OWNER (the caller's), REMAINING (lots, or unspent tick-lots for a
 * market buy by quote), SEQ (the seq of the event that gave the order its time priority).
 */
export const NEXT = 0;
export const PREV = 1;
export const LEVEL = 2;
export const PRICE = 3;
export const FLAGS = 4;
export const INTS = 5;

export const ID = 0;
export const OWNER = 1;
export const REMAINING = 2;
export const SEQ = 3;
export const NUMS = 4;

const NONE = -1;

export class OrderStore {
  ints: Int32Array;
  nums: Float64Array;
  capacity: number;
  private freeHead = NONE;
  private used = 0;

  constructor(capacity = 1024) {
    this.capacity = Math.max(16, capacity);
    this.ints = new Int32Array(this.capacity * INTS);
    this.nums = new Float64Array(this.capacity * NUMS);
  }

  /** Bytes held, for memory accounting. */
  get bytes(): number {
    return this.ints.byteLength + this.nums.byteLength;
  }

  alloc(): number {
    const free = this.freeHead;
    if (free !== NONE) {
      this.freeHead = this.ints[free * INTS + NEXT] as number;
      return free;
    }
    if (this.used === this.capacity) this.grow();
    return this.used++;
  }

  release(slot: number): void {
    this.ints[slot * INTS + NEXT] = this.freeHead;
    this.freeHead = slot;
  }

  idOf(slot: number): number {
    return this.nums[slot * NUMS + ID] as number;
  }
  ownerOf(slot: number): number {
    return this.nums[slot * NUMS + OWNER] as number;
  }
  remainingOf(slot: number): number {
    return this.nums[slot * NUMS + REMAINING] as number;
  }
  seqOf(slot: number): number {
    return this.nums[slot * NUMS + SEQ] as number;
  }
  nextOf(slot: number): number {
    return this.ints[slot * INTS + NEXT] as number;
  }
  prevOf(slot: number): number {
    return this.ints[slot * INTS + PREV] as number;
  }
  levelOf(slot: number): number {
    return this.ints[slot * INTS + LEVEL] as number;
  }
  priceOf(slot: number): number {
    return this.ints[slot * INTS + PRICE] as number;
  }
  flagsOf(slot: number): number {
    return this.ints[slot * INTS + FLAGS] as number;
  }

  /** Grows by half, not double, to keep the memory per resting order low in a deep book. */
  private grow(): void {
    const size = this.capacity + (this.capacity >> 1);
    const ints = new Int32Array(size * INTS);
    ints.set(this.ints);
    const nums = new Float64Array(size * NUMS);
    nums.set(this.nums);
    this.ints = ints;
    this.nums = nums;
    this.capacity = size;
  }
}
