import { decodeEvents } from '@opex/engine/event-decoder';
import { defineRules } from '@opex/engine/market-rules';
import { OrderBook } from '@opex/engine/order-book';
import { intIn, mulberry32 } from '@opex/engine/testing/mulberry32';

/**
 * The benchmark's operations, generated once and then replayed by every engine: 1,000,000 limit orders from
 * mulberry32(42); buy or sell with p = 0.5; 30% priced 5–20 ticks through the last trade price, the rest 1–100
 * ticks away on their own side; 1–100 lots; mid 100,000 ticks; after each order, with p = 0.5, a cancel of a
 * random resting order; with a cap, random cancels until the book is back under it.
 * Which orders rest and where the last trade is depends on matching, so generation runs an (untimed) book.
 */
export const OP_PLACE = 0;
export const OP_CANCEL = 1;

export interface Workload {
  name: string;
  orders: number;
  ops: number;
  kind: Uint8Array;
  id: Float64Array;
  side: Uint8Array;
  price: Int32Array;
  qty: Int32Array;
}

const MID = 100_000;
/** Database-sized ids, so the id map is exercised beyond small integers. */
const FIRST_ID = 10_000_000_000;

export function generateWorkload(name: string, orders: number, cap = Number.POSITIVE_INFINITY): Workload {
  const next = mulberry32(42);
  const book = new OrderBook(defineRules(), { capacity: 1 << 16 });
  const max = orders * 3;
  const w: Workload = {
    name,
    orders,
    ops: 0,
    kind: new Uint8Array(max),
    id: new Float64Array(max),
    side: new Uint8Array(max),
    price: new Int32Array(max),
    qty: new Int32Array(max),
  };
  const resting: number[] = [];
  const where = new Map<number, number>();
  const forget = (id: number): void => {
    const i = where.get(id);
    if (i === undefined) return;
    const last = resting.pop() as number;
    if (last !== id) {
      resting[i] = last;
      where.set(last, i);
    }
    where.delete(id);
  };
  const cancelRandom = (): void => {
    const id = resting[next() % resting.length] as number;
    w.kind[w.ops] = OP_CANCEL;
    w.id[w.ops++] = id;
    book.cancel({ type: 'cancel', id, ts: 0 });
    forget(id);
  };
  let last = MID;
  for (let n = 0; n < orders; n++) {
    const id = FIRST_ID + n;
    const side = next() & 1;
    const through = next() % 10 < 3;
    const away = through ? -intIn(next, 5, 20) : intIn(next, 1, 100);
    const price = side === 0 ? last - away : last + away;
    const qty = intIn(next, 1, 100);
    w.kind[w.ops] = OP_PLACE;
    w.id[w.ops] = id;
    w.side[w.ops] = side;
    w.price[w.ops] = price;
    w.qty[w.ops++] = qty;
    book.place({ type: 'place', id, owner: 1, ts: 0, side: side === 0 ? 0 : 1, kind: 0, price, qty });
    // Decoded (not timed here): the same reading works on an older engine that a compare run builds against.
    for (const e of decodeEvents(book.events)) {
      if (e.type !== 'trade') continue;
      last = e.price;
      if (e.makerRemaining === 0) forget(e.makerId);
    }
    if (book.ids.get(id) !== -1) {
      where.set(id, resting.length);
      resting.push(id);
    }
    if (next() & 1 && resting.length > 0) cancelRandom();
    while (resting.length > cap) cancelRandom();
  }
  return w;
}
