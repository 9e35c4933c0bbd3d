import type { BookSide } from '../book-side.ts';
import type { OrderBook } from '../order-book.ts';
import { PENDING, sideOf } from '../order-flags.ts';

/**
 * Structural invariants of a fast book that must hold after every command; returns the first broken one.
 * Not crossed; no empty level; each level's volume is the sum of its orders' remainders; levels strictly ordered;
 * queues in time priority; every live order reachable through the id map.
 */
export function bookViolation(book: OrderBook): string | undefined {
  const bestBid = book.bids.best();
  const bestAsk = book.asks.best();
  if (
    bestBid !== -1 &&
    bestAsk !== -1 &&
    (book.bids.price[bestBid] as number) >= (book.asks.price[bestAsk] as number)
  ) {
    return 'book is crossed';
  }
  let live = book.rising.slots.length + book.falling.slots.length;
  for (const side of [book.bids, book.asks]) {
    const problem = sideViolation(book, side);
    if (typeof problem === 'string') return problem;
    live += problem;
  }
  if (live !== book.ids.size) return `id map holds ${book.ids.size} orders, book ${live}`;
  return undefined;
}

/** A violation message, or the number of resting orders on the side. */
function sideViolation(book: OrderBook, side: BookSide): string | number {
  const store = book.store;
  const name = side.isBid ? 'bids' : 'asks';
  let count = 0;
  let previousPrice = -1;
  for (let r = 0; r < side.size; r++) {
    const level = side.levelFromBest(r);
    const price = side.price[level] as number;
    if (r > 0 && (side.isBid ? price >= previousPrice : price <= previousPrice))
      return `${name} out of price order at ${price}`;
    previousPrice = price;
    if (side.find(price) !== level) return `${name} ladder does not find the level at ${price}`;
    if (r === side.size - 1 && side.worse(level) !== -1) return `${name} holds more levels than it counts`;
    if (side.head[level] === -1) return `${name} empty level at ${price}`;
    let sum = 0;
    let previousSlot = -1;
    let previousSeq = -1;
    for (let slot = side.head[level] as number; slot !== -1; slot = store.nextOf(slot)) {
      const flags = store.flagsOf(slot);
      const remaining = store.remainingOf(slot);
      if (store.prevOf(slot) !== previousSlot) return `${name} broken queue link at ${price}`;
      if (store.levelOf(slot) !== level || store.priceOf(slot) !== price)
        return `${name} order on the wrong level at ${price}`;
      if ((sideOf(flags) === 0) !== side.isBid || (flags & PENDING) !== 0) return `${name} foreign order at ${price}`;
      if (!(remaining > 0)) return `${name} order without remainder at ${price}`;
      if (store.seqOf(slot) <= previousSeq) return `${name} queue out of time priority at ${price}`;
      if (book.ids.get(store.idOf(slot)) !== slot) return `${name} order ${store.idOf(slot)} not in id map`;
      previousSeq = store.seqOf(slot);
      previousSlot = slot;
      sum += remaining;
      count++;
    }
    if (side.tail[level] !== previousSlot) return `${name} tail mismatch at ${price}`;
    if (sum !== side.volume[level]) return `${name} volume ${side.volume[level]} ≠ sum ${sum} at ${price}`;
  }
  return count;
}
