import { grown } from './typed-array-growth.ts';

/**
 * Every live order (resting or waiting for its trigger) occupies a slot in these parallel typed arrays;
 * freed slots are chained through `next` and reused, so placing and cancelling allocate nothing.
 * 46 bytes a slot: id, owner, remaining, seq (8 each), price, next, prev, level (4 each), flags (2).
 */
const NONE = -1;

export class OrderStore {
  id: Float64Array;
  owner: Float64Array;
  /** Lots, or unspent tick-lots for a market buy by quote. */
  remaining: Float64Array;
  /** The seq of the event that gave the order its time priority. */
  seq: Float64Array;
  price: Int32Array;
  /** Queue links within a price level; `next` also chains free slots. */
  next: Int32Array;
  prev: Int32Array;
  level: Int32Array;
  flags: Uint16Array;
  private freeHead = NONE;
  private used = 0;

  constructor(capacity = 1024) {
    this.id = new Float64Array(capacity);
    this.owner = new Float64Array(capacity);
    this.remaining = new Float64Array(capacity);
    this.seq = new Float64Array(capacity);
    this.price = new Int32Array(capacity);
    this.next = new Int32Array(capacity);
    this.prev = new Int32Array(capacity);
    this.level = new Int32Array(capacity);
    this.flags = new Uint16Array(capacity);
  }

  get capacity(): number {
    return this.id.length;
  }

  /** Bytes held, for memory accounting. */
  get bytes(): number {
    return this.capacity * 46;
  }

  alloc(): number {
    const free = this.freeHead;
    if (free !== NONE) {
      this.freeHead = this.next[free] as number;
      return free;
    }
    if (this.used === this.capacity) this.grow();
    return this.used++;
  }

  release(slot: number): void {
    this.next[slot] = this.freeHead;
    this.freeHead = slot;
  }

  /** Grows by half, not double, to keep the memory per resting order low in a deep book. */
  private grow(): void {
    const size = this.capacity + (this.capacity >> 1);
    this.id = grown(this.id, size);
    this.owner = grown(this.owner, size);
    this.remaining = grown(this.remaining, size);
    this.seq = grown(this.seq, size);
    this.price = grown(this.price, size);
    this.next = grown(this.next, size);
    this.prev = grown(this.prev, size);
    this.level = grown(this.level, size);
    this.flags = grown(this.flags, size);
  }
}
