import type { Clock } from '../../platform/clock.ts';

/**
 * Order entry's rate limit (ARCHITECTURE: rate limits on order entry): a token bucket per user, shared by
 * order/create and order/cancel. A bucket holds up to `burst` tokens and refills at `perSecond`; each call takes
 * one, and a call finding none is refused before it reaches the trading core, so it changes nothing.
 * Kept in this node's memory: with several API nodes each limits the calls it serves. `perSecond` 0 turns it off.
 * Refill is integer arithmetic on milli-tokens (no float drift): a token is 1000 milli-tokens.
 */
export interface OrderRateLimits {
  perSecond: number;
  burst: number;
}

interface Bucket {
  milliTokens: number;
  at: number;
}

/** Buckets idle this long are full again and are dropped to bound memory. */
const SWEEP_EVERY_MS = 60_000;

export class OrderRateLimiter {
  private readonly buckets = new Map<number, Bucket>();
  private lastSweep = 0;

  constructor(
    private readonly limits: OrderRateLimits,
    private readonly clock: Clock,
  ) {}

  get enabled(): boolean {
    return this.limits.perSecond > 0;
  }

  /** Takes one token of the user's bucket: false when it is empty (the call must be refused). */
  take(userId: number): boolean {
    if (!this.enabled) return true;
    const now = this.clock.now();
    const full = this.limits.burst * 1000;
    this.sweep(now);
    let bucket = this.buckets.get(userId);
    if (!bucket) {
      bucket = { milliTokens: full, at: now };
      this.buckets.set(userId, bucket);
    } else {
      // perSecond tokens per 1000 ms = perSecond milli-tokens per ms.
      const refill = Math.max(0, now - bucket.at) * this.limits.perSecond;
      bucket.milliTokens = Math.min(full, bucket.milliTokens + refill);
      bucket.at = now;
    }
    if (bucket.milliTokens < 1000) return false;
    bucket.milliTokens -= 1000;
    return true;
  }

  /** The user's bucket as the Open API's rateLimit/order reports it: its size and the tokens taken and not refilled. */
  usage(userId: number): { limits: OrderRateLimits; used: number } {
    const bucket = this.buckets.get(userId);
    const full = this.limits.burst * 1000;
    const refill = bucket ? Math.max(0, this.clock.now() - bucket.at) * this.limits.perSecond : full;
    const left = bucket ? Math.min(full, bucket.milliTokens + refill) : full;
    return { limits: this.limits, used: Math.ceil((full - left) / 1000) };
  }

  private sweep(now: number): void {
    if (now - this.lastSweep < SWEEP_EVERY_MS) return;
    this.lastSweep = now;
    const idleToFull = Math.ceil((this.limits.burst * 1000) / this.limits.perSecond);
    for (const [userId, bucket] of this.buckets) if (now - bucket.at >= idleToFull) this.buckets.delete(userId);
  }
}
