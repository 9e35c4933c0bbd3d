import type { BookSide } from './book-side.ts';
import type { OrderBook } from './order-book.ts';

/** One L2 row: bucket price in ticks and total lots. */
export type DepthLevel = [price: number, qty: number];

export interface Depth {
  step: number;
  bids: DepthLevel[];
  asks: DepthLevel[];
}

/**
 * L2 depth with price levels merged into buckets of `step` ticks: a bid is shown at its price rounded down to the
 * step, an ask rounded up, so a bucket never shows a better price than any order in it. At most `levels` rows per
 * side (the market's depthLevels by default).
 */
export function depth(book: OrderBook, step: number, levels = book.rules.depthLevels): Depth {
  if (!Number.isSafeInteger(step) || step <= 0) throw new Error('depth: step must be a positive integer of ticks');
  return { step, bids: merged(book.bids, step, levels), asks: merged(book.asks, step, levels) };
}

function merged(side: BookSide, step: number, levels: number): DepthLevel[] {
  const rows: DepthLevel[] = [];
  let last: DepthLevel | undefined;
  for (let level = side.best(); level !== -1; level = side.worse(level)) {
    const price = side.price[level] as number;
    const below = price % step;
    const bucket = below === 0 || side.isBid ? price - below : price - below + step;
    const volume = side.volume[level] as number;
    if (last !== undefined && last[0] === bucket) {
      last[1] += volume;
      continue;
    }
    if (rows.length === levels) break;
    last = [bucket, volume];
    rows.push(last);
  }
  return rows;
}
