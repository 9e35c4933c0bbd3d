import type { BookSide } from './book-side.ts';
import { defineRules, type MarketRules } from './market-rules.ts';
import { OrderBook } from './order-book.ts';
import { PENDING } from './order-flags.ts';
import { FLAGS, ID, INTS, NUMS, OWNER, PRICE, REMAINING, SEQ } from './order-store.ts';
import type { TriggerQueue } from './trigger-queue.ts';

/**
 * L3 snapshot: every live order with its sequence, plus the book's counters, as a JSON-safe object.
 * restore(snapshot(book)) rebuilds a book that emits the same events for the same commands from then on.
 */
export interface SnapshotOrder {
  id: number;
  owner: number;
  /** Limit price in ticks; for a market trigger order its protection price, 0 for none. */
  price: number;
  /** Lots, or tick-lots for a market buy by quote. */
  remaining: number;
  seq: number;
  /** Side, kind, tif, post-only, stp, trigger kind: the bit layout of order-flags.ts. */
  flags: number;
  /** 0 for resting orders. */
  triggerPrice: number;
}

export interface BookSnapshot {
  version: 1;
  rules: MarketRules;
  /** Seq of the last event emitted. */
  seq: number;
  lastPrice: number;
  /** Bids best to worst, then asks best to worst, each level in queue order. */
  orders: SnapshotOrder[];
  /** Waiting trigger orders: the rising queue, then the falling one, each in firing order. */
  triggers: SnapshotOrder[];
}

export function snapshot(book: OrderBook): BookSnapshot {
  const orders: SnapshotOrder[] = [];
  restingOrders(book, book.bids, orders);
  restingOrders(book, book.asks, orders);
  const triggers: SnapshotOrder[] = [];
  waitingOrders(book, book.rising, triggers);
  waitingOrders(book, book.falling, triggers);
  return {
    version: 1,
    rules: { ...book.rules, depthSteps: [...book.rules.depthSteps] },
    seq: book.events.lastSeq,
    lastPrice: book.lastPrice,
    orders,
    triggers,
  };
}

function orderAt(book: OrderBook, slot: number, triggerPrice: number): SnapshotOrder {
  const store = book.store;
  return {
    id: store.idOf(slot),
    owner: store.ownerOf(slot),
    price: store.priceOf(slot),
    remaining: store.remainingOf(slot),
    seq: store.seqOf(slot),
    flags: store.flagsOf(slot),
    triggerPrice,
  };
}

function restingOrders(book: OrderBook, side: BookSide, out: SnapshotOrder[]): void {
  for (let level = side.best(); level !== -1; level = side.worse(level)) {
    for (let slot = side.head[level] as number; slot !== -1; slot = book.store.nextOf(slot)) {
      out.push(orderAt(book, slot, 0));
    }
  }
}

function waitingOrders(book: OrderBook, queue: TriggerQueue, out: SnapshotOrder[]): void {
  queue.slots.forEach((slot, i) => {
    out.push(orderAt(book, slot, queue.prices[i] as number));
  });
}

export function restore(s: BookSnapshot): OrderBook {
  if (s.version !== 1) throw new Error(`snapshot: unknown version ${String(s.version)}`);
  const count = s.orders.length + s.triggers.length;
  const book = new OrderBook(defineRules(s.rules), { capacity: Math.max(1024, count), lastSeq: s.seq });
  book.lastPrice = s.lastPrice;
  for (const order of s.orders) {
    const side = (order.flags & 1) === 0 ? book.bids : book.asks;
    side.push(side.levelFor(order.price), insert(book, order), book.store);
  }
  for (const order of s.triggers) {
    const slot = insert(book, order);
    book.triggerQueueOf(order.flags).add(slot, order.triggerPrice);
  }
  return book;
}

function insert(book: OrderBook, order: SnapshotOrder): number {
  const store = book.store;
  const slot = store.alloc();
  const at = slot * INTS;
  const n = slot * NUMS;
  store.nums[n + ID] = order.id;
  store.nums[n + OWNER] = order.owner;
  store.ints[at + PRICE] = order.price;
  store.nums[n + REMAINING] = order.remaining;
  store.nums[n + SEQ] = order.seq;
  store.ints[at + FLAGS] = order.triggerPrice === 0 ? order.flags & ~PENDING : order.flags | PENDING;
  book.ids.set(order.id, slot);
  return slot;
}
