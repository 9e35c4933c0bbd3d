/**
 * Trigger (stop and take-profit) orders waiting off the book for the last trade price to reach their trigger.
 * Two queues, each in firing order: `rising` fires when the last price climbs to a trigger (lowest trigger first),
 * `falling` when it drops to one (highest first); equal triggers fire by sequence, i.e. insertion order.
 * Plain arrays: triggers are rare next to limit orders, and sorted insertion keeps firing O(1).
 */
export class TriggerQueue {
  readonly rising: boolean;
  readonly slots: number[] = [];
  readonly prices: number[] = [];

  constructor(rising: boolean) {
    this.rising = rising;
  }

  /** Whether a last trade price has reached trigger price p. */
  reached(p: number, lastPrice: number): boolean {
    return this.rising ? lastPrice >= p : lastPrice <= p;
  }

  /** Inserts behind every entry that fires no later, so ties keep their sequence order. */
  add(slot: number, p: number): void {
    let i = this.prices.length;
    while (i > 0 && this.firesAfter(this.prices[i - 1] as number, p)) i--;
    this.slots.splice(i, 0, slot);
    this.prices.splice(i, 0, p);
  }

  private firesAfter(a: number, b: number): boolean {
    return this.rising ? a > b : a < b;
  }

  /** The trigger price of the first waiting order if the last price has reached it, else -1. */
  peekReached(lastPrice: number): number {
    const first = this.prices[0];
    return first !== undefined && this.reached(first, lastPrice) ? first : -1;
  }

  /** Takes the first waiting order out of the queue and returns its slot. */
  shift(): number {
    this.prices.shift();
    return this.slots.shift() as number;
  }

  /** The trigger price of a waiting slot, or -1 if it is not in this queue. */
  priceOf(slot: number): number {
    const i = this.slots.indexOf(slot);
    return i < 0 ? -1 : (this.prices[i] as number);
  }

  remove(slot: number): boolean {
    const i = this.slots.indexOf(slot);
    if (i < 0) return false;
    this.slots.splice(i, 1);
    this.prices.splice(i, 1);
    return true;
  }
}
