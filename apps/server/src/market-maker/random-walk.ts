/**
 * The market maker's randomness: a seeded generator (mulberry32), so a run is reproducible from its seed. It only
 * chooses integers (tick steps, lot multiples, coin flips); no price or amount is ever a float.
 */
export class SeededRandom {
  private state: number;
  constructor(seed: number) {
    this.state = seed >>> 0;
  }

  /** An integer in [min, max]. */
  int(min: number, max: number): number {
    return min + Math.floor(this.next() * (max - min + 1));
  }

  /** True with probability `percent` in 100. */
  chance(percent: number): boolean {
    return this.int(1, 100) <= percent;
  }

  private next(): number {
    this.state = (this.state + 0x6d2b79f5) >>> 0;
    let t = this.state;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  }
}

/** One step of the mid in ticks: up to `stride` either way, never below the floor that keeps every layer positive. */
export function stepMid(mid: number, stride: number, floor: number, random: SeededRandom): number {
  return Math.max(floor, mid + random.int(-stride, stride));
}

/**
 * The prices the maker wants resting, in ticks: `layers` bids below and asks above the mid, on a grid of `spacing`
 * ticks so a small move of the mid leaves most quotes where they are (fewer cancels and new orders).
 */
export function ladder(mid: number, spacing: number, layers: number): { bids: number[]; asks: number[] } {
  const bestBid = Math.floor((mid - 1) / spacing) * spacing;
  const bestAsk = Math.ceil((mid + 1) / spacing) * spacing;
  const bids: number[] = [];
  const asks: number[] = [];
  for (let i = 0; i < layers; i++) {
    if (bestBid - i * spacing > 0) bids.push(bestBid - i * spacing);
    asks.push(bestAsk + i * spacing);
  }
  return { bids, asks };
}
