/**
 * The event stream an order book emits: a reusable buffer of fixed-size numeric records, so emitting allocates
 * nothing. The book clears it at the start of every command; read it (or decode it with event-decoder.ts) before
 * the next one. Every record starts with [type, seq, ts]; seq is gapless over the book's life.
 *
 * Record fields after [type, seq, ts] (units as in commands.ts; lots, or tick-lots for a market buy by quote):
 * - Accepted:  id, owner, side, kind, price, qty, quote, triggerPrice, flags (order-flags.ts)
 * - Rejected:  id, reason
 * - Trade:     makerId, takerId, makerOwner, takerOwner, takerSide, price, qty, makerRemaining, takerRemaining
 * - Cancelled: id, owner, reason, qty (lots cancelled), quote (unspent tick-lots of a market buy by quote), and for
 *   a self-trade (reason SelfTrade only: other cancels leave these unwritten) the match prevented: makerId,
 *   takerId, price, makerQty (the maker's remaining then)
 * - Triggered: id, triggerPrice, lastPrice
 * - Amended:   id, price, qty (new remaining), previousQty, keptPriority (1 or 0)
 */

export const EventType = { Accepted: 0, Rejected: 1, Trade: 2, Cancelled: 3, Triggered: 4, Amended: 5 } as const;
export type EventType = (typeof EventType)[keyof typeof EventType];

export const EVENT_STRIDE = 12;
/**
 * Writers compute a record's offset as (count * EVENT_STRIDE) & OFFSET_MASK: with the offset known to be below 2^28,
 * V8 proves that offset + field cannot overflow and drops an overflow check from every field write. The mask never
 * changes an offset: grow() keeps the buffer below 2^28 doubles.
 */
const LOCAL_OFFSET_MASK = 2 ** 28 - 1;
export const OFFSET_MASK = LOCAL_OFFSET_MASK;
/** Offset of the first type-specific field in a record. */
export const F = 3;

export class EventLog {
  count = 0;
  data: Float64Array = new Float64Array(EVENT_STRIDE * 64);
  /** The last seq used. The book's hot paths write records in place (as open() does); nothing else may. */
  seq: number;

  constructor(lastSeq = 0) {
    this.seq = lastSeq;
  }

  get lastSeq(): number {
    return this.seq;
  }

  clear(): void {
    this.count = 0;
  }

  type(i: number): EventType {
    return this.data[i * EVENT_STRIDE] as EventType;
  }

  /** Field k (0-based, after type, seq, ts) of record i; seq is field -2 and ts field -1. */
  field(i: number, k: number): number {
    return this.data[i * EVENT_STRIDE + F + k] as number;
  }

  // Named reads of the records' fields, so no reader outside the engine counts field positions.
  /** The order a record is about (every type but Trade). */
  orderId(i: number): number {
    return this.field(i, 0);
  }
  /** Rejected: the reason (reasons.ts). */
  rejectReason(i: number): number {
    return this.field(i, 1);
  }
  makerId(i: number): number {
    return this.field(i, 0);
  }
  takerId(i: number): number {
    return this.field(i, 1);
  }
  /** Trade: the price in ticks. */
  tradePrice(i: number): number {
    return this.field(i, 5);
  }
  /** Trade: the lots traded. */
  tradeQty(i: number): number {
    return this.field(i, 6);
  }
  /** Trade: what the maker still has on the book after it. */
  makerRemaining(i: number): number {
    return this.field(i, 7);
  }
  /** Cancelled: the reason (reasons.ts). */
  cancelReason(i: number): number {
    return this.field(i, 2);
  }
  /** Cancelled: the lots cancelled. */
  cancelledQty(i: number): number {
    return this.field(i, 3);
  }
  /** Cancelled: the unspent tick-lots of a market buy by quote. */
  unspentQuote(i: number): number {
    return this.field(i, 4);
  }
  /** Cancelled by self-trade prevention: the match it prevented (maker, taker, price, the maker's remaining). */
  preventedMakerId(i: number): number {
    return this.field(i, 5);
  }
  preventedTakerId(i: number): number {
    return this.field(i, 6);
  }
  preventedPrice(i: number): number {
    return this.field(i, 7);
  }
  preventedMakerQty(i: number): number {
    return this.field(i, 8);
  }

  /** Starts a record and returns its base offset; the caller writes the fields. */
  private open(type: EventType, ts: number): number {
    if ((this.count + 1) * EVENT_STRIDE > this.data.length) this.grow();
    const at = (this.count * EVENT_STRIDE) & LOCAL_OFFSET_MASK;
    this.count++;
    const d = this.data;
    d[at] = type;
    d[at + 1] = ++this.seq;
    d[at + 2] = ts;
    return at + F;
  }

  /** Doubles the buffer and returns it. */
  grow(): Float64Array {
    if (this.data.length * 2 > LOCAL_OFFSET_MASK) throw new Error('events: too many events for one command');
    const next = new Float64Array(this.data.length * 2);
    next.set(this.data);
    this.data = next;
    return next;
  }

  accepted(
    ts: number,
    id: number,
    owner: number,
    side: number,
    kind: number,
    price: number,
    qty: number,
    quote: number,
    triggerPrice: number,
    flags: number,
  ): number {
    const at = this.open(EventType.Accepted, ts);
    const d = this.data;
    d[at] = id;
    d[at + 1] = owner;
    d[at + 2] = side;
    d[at + 3] = kind;
    d[at + 4] = price;
    d[at + 5] = qty;
    d[at + 6] = quote;
    d[at + 7] = triggerPrice;
    d[at + 8] = flags;
    return this.seq;
  }

  rejected(ts: number, id: number, reason: number): void {
    const at = this.open(EventType.Rejected, ts);
    this.data[at] = id;
    this.data[at + 1] = reason;
  }

  trade(
    ts: number,
    makerId: number,
    takerId: number,
    makerOwner: number,
    takerOwner: number,
    takerSide: number,
    price: number,
    qty: number,
    makerRemaining: number,
    takerRemaining: number,
  ): void {
    const at = this.open(EventType.Trade, ts);
    const d = this.data;
    d[at] = makerId;
    d[at + 1] = takerId;
    d[at + 2] = makerOwner;
    d[at + 3] = takerOwner;
    d[at + 4] = takerSide;
    d[at + 5] = price;
    d[at + 6] = qty;
    d[at + 7] = makerRemaining;
    d[at + 8] = takerRemaining;
  }

  cancelled(ts: number, id: number, owner: number, reason: number, qty: number, quote: number): void {
    const at = this.open(EventType.Cancelled, ts);
    const d = this.data;
    d[at] = id;
    d[at + 1] = owner;
    d[at + 2] = reason;
    d[at + 3] = qty;
    d[at + 4] = quote;
  }

  /** Returns the event's seq: a triggered order takes it as its time priority on the book. */
  triggered(ts: number, id: number, triggerPrice: number, lastPrice: number): number {
    const at = this.open(EventType.Triggered, ts);
    this.data[at] = id;
    this.data[at + 1] = triggerPrice;
    this.data[at + 2] = lastPrice;
    return this.seq;
  }

  /** Returns the event's seq: an order that loses its place takes it as its new time priority. */
  amended(ts: number, id: number, price: number, qty: number, previousQty: number, keptPriority: boolean): number {
    const at = this.open(EventType.Amended, ts);
    const d = this.data;
    d[at] = id;
    d[at + 1] = price;
    d[at + 2] = qty;
    d[at + 3] = previousQty;
    d[at + 4] = keptPriority ? 1 : 0;
    return this.seq;
  }
}
