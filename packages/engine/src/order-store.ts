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
/*
 * Field offsets. The module's own methods use the unexported consts: V8 folds those into optimized code but reads
 * an exported binding from its cell, with a hole check, at every use (see order-book.ts).
 */
const I_NEXT = 0;
const I_PREV = 1;
const I_LEVEL = 2;
const I_PRICE = 3;
const I_FLAGS = 4;
const I_INTS = 5;
const N_ID = 0;
const N_OWNER = 1;
const N_REMAINING = 2;
const N_SEQ = 3;
const N_NUMS = 4;

export const NEXT = I_NEXT;
export const PREV = I_PREV;
export const LEVEL = I_LEVEL;
export const PRICE = I_PRICE;
export const FLAGS = I_FLAGS;
export const INTS = I_INTS;

export const ID = N_ID;
export const OWNER = N_OWNER;
export const REMAINING = N_REMAINING;
export const SEQ = N_SEQ;
export const NUMS = N_NUMS;

const NONE = -1;

export class OrderStore {
  ints: Int32Array;
  nums: Float64Array;
  capacity: number;
  private freeHead = NONE;
  private used = 0;

  constructor(capacity = 1024) {
    this.capacity = Math.max(16, capacity);
    this.ints = new Int32Array(this.capacity * I_INTS);
    this.nums = new Float64Array(this.capacity * N_NUMS);
  }

  /** Bytes held, for memory accounting. */
  get bytes(): number {
    return this.ints.byteLength + this.nums.byteLength;
  }

  alloc(): number {
    const free = this.freeHead;
    if (free !== NONE) {
      this.freeHead = this.ints[free * I_INTS + I_NEXT] as number;
      return free;
    }
    if (this.used === this.capacity) this.grow();
    return this.used++;
  }

  release(slot: number): void {
    this.ints[slot * I_INTS + I_NEXT] = this.freeHead;
    this.freeHead = slot;
  }

  idOf(slot: number): number {
    return this.nums[slot * N_NUMS + N_ID] as number;
  }
  ownerOf(slot: number): number {
    return this.nums[slot * N_NUMS + N_OWNER] as number;
  }
  remainingOf(slot: number): number {
    return this.nums[slot * N_NUMS + N_REMAINING] as number;
  }
  seqOf(slot: number): number {
    return this.nums[slot * N_NUMS + N_SEQ] as number;
  }
  nextOf(slot: number): number {
    return this.ints[slot * I_INTS + I_NEXT] as number;
  }
  prevOf(slot: number): number {
    return this.ints[slot * I_INTS + I_PREV] as number;
  }
  levelOf(slot: number): number {
    return this.ints[slot * I_INTS + I_LEVEL] as number;
  }
  priceOf(slot: number): number {
    return this.ints[slot * I_INTS + I_PRICE] as number;
  }
  flagsOf(slot: number): number {
    return this.ints[slot * I_INTS + I_FLAGS] as number;
  }

  /** Grows by half, not double, to keep the memory per resting order low in a deep book. */
  private grow(): void {
    const size = this.capacity + (this.capacity >> 1);
    const ints = new Int32Array(size * I_INTS);
    ints.set(this.ints);
    const nums = new Float64Array(size * N_NUMS);
    nums.set(this.nums);
    this.ints = ints;
    this.nums = nums;
    this.capacity = size;
  }
}
