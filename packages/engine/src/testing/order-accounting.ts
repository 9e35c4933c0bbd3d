import type { EngineEvent } from '../event-decoder.ts';

interface Account {
  side: 'buy' | 'sell';
  limit: number;
  byQuote: boolean;
  original: number;
  filled: number;
  cancelled: number;
}

/**
 * Follows every order through the event stream and checks, as events arrive, that trades are at the maker's
 * price and within the taker's limit, that reported remainders match original − filled − cancelled, and that an
 * order that is gone has original = filled + cancelled (then it is forgotten). `check` matches the live orders.
 */
export class OrderAccounting {
  private readonly accounts = new Map<number, Account>();

  private get(id: number): Account {
    const a = this.accounts.get(id);
    if (!a) throw new Error(`event for unknown order ${id}`);
    return a;
  }

  private left(a: Account): number {
    return a.original - a.filled - a.cancelled;
  }

  consume(events: readonly EngineEvent[]): void {
    for (const e of events) this.one(e);
  }

  private one(e: EngineEvent): void {
    switch (e.type) {
      case 'accepted':
        this.accounts.set(e.orderId, {
          side: e.side,
          limit: e.kind === 'limit' ? e.price : e.side === 'buy' ? Number.MAX_SAFE_INTEGER : 0,
          byQuote: e.quote > 0,
          original: e.quote > 0 ? e.quote : e.qty,
          filled: 0,
          cancelled: 0,
        });
        return;
      case 'amended': {
        const a = this.get(e.orderId);
        if (e.qty > e.previousQty) a.original += e.qty - e.previousQty;
        else a.cancelled += e.previousQty - e.qty;
        a.limit = e.price;
        if (this.left(a) !== e.qty) throw new Error(`amend of ${e.orderId} leaves ${this.left(a)} ≠ ${e.qty}`);
        return;
      }
      case 'trade': {
        const maker = this.get(e.makerId);
        const taker = this.get(e.takerId);
        if (maker.limit !== e.price) throw new Error(`trade ${e.seq} at ${e.price}, maker's price is ${maker.limit}`);
        const beyond = taker.side === 'buy' ? e.price > taker.limit : e.price < taker.limit;
        if (beyond) throw new Error(`trade ${e.seq} at ${e.price} beyond the taker's limit ${taker.limit}`);
        if (e.qty <= 0) throw new Error(`trade ${e.seq} of ${e.qty} lots`);
        maker.filled += e.qty;
        taker.filled += taker.byQuote ? e.qty * e.price : e.qty;
        if (this.left(maker) !== e.makerRemaining) throw new Error(`trade ${e.seq}: maker remainder mismatch`);
        if (this.left(taker) !== e.takerRemaining) throw new Error(`trade ${e.seq}: taker remainder mismatch`);
        if (e.makerRemaining === 0) this.accounts.delete(e.makerId);
        if (e.takerRemaining === 0) this.accounts.delete(e.takerId);
        return;
      }
      case 'cancelled': {
        const a = this.get(e.orderId);
        a.cancelled += e.qty + e.quote;
        if (this.left(a) !== 0) throw new Error(`cancelled ${e.orderId} leaves ${this.left(a)}`);
        this.accounts.delete(e.orderId);
        return;
      }
      default:
        return;
    }
  }

  /** Orders still open must be exactly the live ones (id → remaining), with original = filled + cancelled + remaining. */
  check(live: ReadonlyMap<number, number>): void {
    if (live.size !== this.accounts.size) throw new Error(`${live.size} live orders, ${this.accounts.size} open`);
    for (const [id, a] of this.accounts) {
      const remaining = live.get(id);
      if (remaining !== this.left(a)) {
        throw new Error(
          `order ${id}: original ${a.original} ≠ filled ${a.filled} + cancelled ${a.cancelled} + remaining ${remaining}`,
        );
      }
    }
  }
}
