import type { CancelCommand } from '@opex/engine/commands';
import { defineRules } from '@opex/engine/market-rules';
import { OrderBook } from '@opex/engine/order-book';
import { OrderBook as PeerBook, Side as PeerSide } from 'nodejs-order-book';
import { OP_PLACE, type Workload } from './workload.ts';

/** One engine under test: build an empty book, then replay ops [from, to) of a workload on it. */
export interface BenchEngine<Book> {
  name: string;
  create(): Book;
  replay(book: Book, w: Workload, from: number, to: number): void;
  /** Total resting lots per side, to check both engines ended in the same state. */
  volumes(book: Book): [bids: number, asks: number];
}

/**
 * Places through the positional placeLimit (same checks and events as place()) and reuses one cancel command,
 * as a hot caller would: nothing is allocated per operation.
 */
export const opex: BenchEngine<OrderBook> = {
  name: 'opex',
  create: () => new OrderBook(defineRules()),
  replay(book, w, from, to) {
    const cancel: CancelCommand = { type: 'cancel', id: 0, ts: 0 };
    const { kind, id, side, price, qty } = w;
    for (let i = from; i < to; i++) {
      if (kind[i] === OP_PLACE) {
        book.placeLimit(id[i] as number, 1, side[i] === 0 ? 0 : 1, price[i] as number, qty[i] as number, i);
      } else {
        cancel.id = id[i] as number;
        cancel.ts = i;
        book.cancel(cancel);
      }
    }
  },
  volumes(book) {
    const total = (side: typeof book.bids): number => {
      let sum = 0;
      for (let level = side.best(); level !== -1; level = side.worse(level)) sum += side.volume[level] as number;
      return sum;
    };
    return [total(book.bids), total(book.asks)];
  },
};

/** nodejs-order-book takes string ids: they are made once per workload, outside the timed loop. */
const peerIds = new WeakMap<Workload, string[]>();

export function preparePeer(w: Workload): void {
  const ids: string[] = [];
  for (let i = 0; i < w.ops; i++) ids.push(String(w.id[i]));
  peerIds.set(w, ids);
}

export const peer: BenchEngine<PeerBook> = {
  name: 'nodejs-order-book',
  create: () => new PeerBook(),
  replay(book, w, from, to) {
    const ids = peerIds.get(w) as string[];
    const { kind, side, price, qty } = w;
    for (let i = from; i < to; i++) {
      if (kind[i] === OP_PLACE) {
        book.limit({
          id: ids[i] as string,
          side: side[i] === 0 ? PeerSide.BUY : PeerSide.SELL,
          size: qty[i] as number,
          price: price[i] as number,
        });
      } else {
        book.cancel(ids[i] as string);
      }
    }
  },
  volumes(book) {
    const [asks, bids] = book.depth();
    const total = (rows: [number, number][]): number => rows.reduce((sum, [, size]) => sum + size, 0);
    return [total(bids), total(asks)];
  },
};
