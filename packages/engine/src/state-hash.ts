import type { OrderBook } from './order-book.ts';
import { type BookSnapshot, snapshot } from './snapshot.ts';

/**
 * A deterministic 32-bit FNV-1a hash of a book's canonical state (its L3 snapshot, rules aside), as 8 hex digits:
 * equal for a book and its restored copy, and for two books fed the same command log.
 */
export function stateHash(book: OrderBook): string {
  return hashSnapshot(snapshot(book));
}

export function hashSnapshot(s: BookSnapshot): string {
  let h = 0x811c9dc5;
  const mix = (n: number): void => {
    const low = n >>> 0;
    const high = (n - low) / 4294967296;
    for (const word of [low, high | 0]) {
      for (let shift = 0; shift < 32; shift += 8) {
        h = Math.imul(h ^ ((word >>> shift) & 0xff), 0x01000193);
      }
    }
  };
  mix(s.seq);
  mix(s.lastPrice);
  for (const list of [s.orders, s.triggers]) {
    mix(list.length);
    for (const o of list) {
      mix(o.id);
      mix(o.owner);
      mix(o.price);
      mix(o.remaining);
      mix(o.seq);
      mix(o.flags);
      mix(o.triggerPrice);
    }
  }
  return (h >>> 0).toString(16).padStart(8, '0');
}
