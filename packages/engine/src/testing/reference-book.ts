import type { Command, PlaceCommand } from '../commands.ts';
import type { DepthLevel } from '../depth.ts';
import type { EngineEvent, KindName, SideName, StpName, TifName, TriggerName } from '../event-decoder.ts';
import type { MarketRules } from '../market-rules.ts';
import type { ReasonName } from '../reasons.ts';

/**
 * The obviously-correct, slow order book the fast one is checked against: one array of live orders, sorted on
 * every look, BigInt for every product and quotient. It speaks the plain events of event-decoder.ts directly.
 */
interface RefOrder {
  id: number;
  owner: number;
  side: SideName;
  kind: KindName;
  price: number;
  remaining: number;
  byQuote: boolean;
  tif: TifName;
  postOnly: boolean;
  stp: StpName;
  trigger: TriggerName;
  triggerPrice: number;
  seq: number;
  pending: boolean;
}

export interface RefRestingOrder {
  id: number;
  owner: number;
  side: SideName;
  price: number;
  remaining: number;
  seq: number;
}

const MAX_PRICE = 2 ** 31 - 1;
const sideNames: SideName[] = ['buy', 'sell'];
const kindNames: KindName[] = ['limit', 'market'];
const tifNames: TifName[] = ['GTC', 'IOC', 'FOK'];
const stpNames: StpName[] = ['none', 'cancel_newest', 'cancel_oldest', 'cancel_both'];
const triggerNames: TriggerName[] = ['none', 'stop', 'take_profit'];

/** A cancel that no self-trade prevention caused names no match. */
const NO_MATCH = { makerId: 0, takerId: 0, price: 0, makerQty: 0 };

export class ReferenceBook {
  lastPrice = 0;
  private seq = 0;
  private orders: RefOrder[] = [];
  private out: EngineEvent[] = [];
  private ts = 0;

  constructor(private readonly rules: MarketRules) {}

  apply(cmd: Command): EngineEvent[] {
    this.out = [];
    this.ts = cmd.ts;
    if (cmd.type === 'place') this.place(cmd);
    else if (cmd.type === 'cancel') this.cancel(cmd.id);
    else this.amend(cmd.id, cmd.price, cmd.qty);
    return this.out;
  }

  /** Resting orders, best first, in time priority within a price. */
  resting(side: SideName): RefOrder[] {
    return this.orders
      .filter((o) => !o.pending && o.side === side)
      .sort((a, b) => (a.price === b.price ? a.seq - b.seq : side === 'buy' ? b.price - a.price : a.price - b.price));
  }

  restingOrders(): RefRestingOrder[] {
    return [...this.resting('buy'), ...this.resting('sell')].map(({ id, owner, side, price, remaining, seq }) => ({
      id,
      owner,
      side,
      price,
      remaining,
      seq,
    }));
  }

  depth(step: number, levels: number): { bids: DepthLevel[]; asks: DepthLevel[] } {
    const merge = (side: SideName): DepthLevel[] => {
      const buckets = new Map<number, number>();
      for (const o of this.resting(side)) {
        const below = o.price % step;
        const bucket = side === 'buy' || below === 0 ? o.price - below : o.price - below + step;
        buckets.set(bucket, (buckets.get(bucket) ?? 0) + o.remaining);
      }
      return [...buckets.entries()].slice(0, levels);
    };
    return { bids: merge('buy'), asks: merge('sell') };
  }

  private emit(e: Record<string, unknown> & { type: EngineEvent['type'] }): number {
    this.seq++;
    const { type, ...fields } = e;
    this.out.push({ type, seq: this.seq, ts: this.ts, ...fields } as EngineEvent);
    return this.seq;
  }

  private find(id: number): RefOrder | undefined {
    return this.orders.find((o) => o.id === id);
  }

  private remove(o: RefOrder): void {
    this.orders = this.orders.filter((x) => x !== o);
  }

  private cancelOrder(o: RefOrder, reason: ReasonName, prevented = NO_MATCH): void {
    this.remove(o);
    this.emit({
      type: 'cancelled',
      orderId: o.id,
      owner: o.owner,
      reason,
      qty: o.byQuote ? 0 : o.remaining,
      quote: o.byQuote ? o.remaining : 0,
      prevented,
    });
  }

  private qtyRule(qty: number): ReasonName | undefined {
    if (!Number.isSafeInteger(qty) || qty <= 0 || qty > this.rules.maxQty) return 'qty_range';
    if (qty % this.rules.qtyStep !== 0) return 'lot';
    if (qty < this.rules.minQty) return 'min_qty';
    return undefined;
  }

  private priceRule(price: number): ReasonName | undefined {
    if (!Number.isSafeInteger(price) || price <= 0 || price > MAX_PRICE) return 'price_range';
    if (price % this.rules.priceStep !== 0) return 'tick';
    return undefined;
  }

  private bandRule(price: number): ReasonName | undefined {
    if (this.rules.bandBps === 0 || this.lastPrice === 0) return undefined;
    const distance = BigInt(Math.abs(price - this.lastPrice)) * 10_000n;
    return distance > BigInt(this.lastPrice) * BigInt(this.rules.bandBps) ? 'price_band' : undefined;
  }

  private limitRule(price: number, qty: number, band: boolean): ReasonName | undefined {
    return (
      this.qtyRule(qty) ??
      this.priceRule(price) ??
      (BigInt(price) * BigInt(qty) < BigInt(this.rules.minNotional) ? 'min_notional' : undefined) ??
      (band ? this.bandRule(price) : undefined)
    );
  }

  private crosses(taker: { side: SideName; kind: KindName; price: number }, makerPrice: number): boolean {
    if (taker.kind === 'market' && taker.price === 0) return true;
    return taker.side === 'buy' ? makerPrice <= taker.price : makerPrice >= taker.price;
  }

  private wouldTake(side: SideName, price: number): boolean {
    const best = this.resting(side === 'buy' ? 'sell' : 'buy')[0];
    return best !== undefined && this.crosses({ side, kind: 'limit', price }, best.price);
  }

  private isRising(o: { side: SideName; trigger: TriggerName }): boolean {
    return (o.side === 'buy') === (o.trigger === 'stop');
  }

  private reached(o: { side: SideName; trigger: TriggerName }, triggerPrice: number): boolean {
    return this.isRising(o) ? this.lastPrice >= triggerPrice : this.lastPrice <= triggerPrice;
  }

  private placeRule(cmd: PlaceCommand): ReasonName | undefined {
    const quote = cmd.quote ?? 0;
    const tif = cmd.tif ?? 0;
    const stp = cmd.stp ?? 0;
    const trigger = cmd.trigger ?? 0;
    const wellFormed =
      Number.isSafeInteger(cmd.id) &&
      cmd.id >= 0 &&
      Number.isSafeInteger(cmd.owner) &&
      sideNames[cmd.side] !== undefined &&
      kindNames[cmd.kind] !== undefined &&
      tifNames[tif] !== undefined &&
      stpNames[stp] !== undefined &&
      triggerNames[trigger] !== undefined &&
      !(cmd.kind === 1 && cmd.postOnly === true) &&
      Number.isSafeInteger(quote) &&
      quote >= 0 &&
      (quote === 0 || (cmd.kind === 1 && cmd.side === 0 && cmd.qty === 0));
    if (!wellFormed) return 'invalid';
    if (this.find(cmd.id)) return 'duplicate_id';
    const price = cmd.price ?? 0;
    const rule =
      quote !== 0
        ? quote < this.rules.minNotional
          ? 'min_notional'
          : undefined
        : cmd.kind === 1
          ? this.qtyRule(cmd.qty)
          : this.limitRule(price, cmd.qty, trigger === 0);
    if (rule) return rule;
    if (cmd.kind === 1 && price !== 0) {
      const protection = this.priceRule(price);
      if (protection) return protection;
    }
    if (trigger !== 0) {
      const triggerPrice = cmd.triggerPrice ?? 0;
      const bad = this.priceRule(triggerPrice);
      if (bad) return bad;
      const probe = { side: sideNames[cmd.side] as SideName, trigger: triggerNames[trigger] as TriggerName };
      if (this.lastPrice !== 0 && this.reached(probe, triggerPrice)) return 'trigger_crossed';
      return undefined;
    }
    if (cmd.postOnly === true && this.wouldTake(sideNames[cmd.side] as SideName, price)) return 'post_only';
    return undefined;
  }

  private place(cmd: PlaceCommand): void {
    const reason = this.placeRule(cmd);
    if (reason) {
      this.emit({ type: 'rejected', orderId: cmd.id, reason });
      return;
    }
    const quote = cmd.quote ?? 0;
    const o: RefOrder = {
      id: cmd.id,
      owner: cmd.owner,
      side: sideNames[cmd.side] as SideName,
      kind: kindNames[cmd.kind] as KindName,
      price: cmd.price ?? 0,
      remaining: quote !== 0 ? quote : cmd.qty,
      byQuote: quote !== 0,
      tif: tifNames[cmd.tif ?? 0] as TifName,
      postOnly: cmd.postOnly ?? false,
      stp: stpNames[cmd.stp ?? 0] as StpName,
      trigger: triggerNames[cmd.trigger ?? 0] as TriggerName,
      triggerPrice: (cmd.trigger ?? 0) === 0 ? 0 : (cmd.triggerPrice ?? 0),
      seq: 0,
      pending: (cmd.trigger ?? 0) !== 0,
    };
    o.seq = this.emit({
      type: 'accepted',
      orderId: o.id,
      owner: o.owner,
      side: o.side,
      kind: o.kind,
      price: o.price,
      qty: cmd.qty,
      quote,
      tif: o.tif,
      postOnly: o.postOnly,
      stp: o.stp,
      trigger: o.trigger,
      triggerPrice: o.triggerPrice,
    });
    this.orders.push(o);
    if (o.pending) return;
    this.execute(o);
    this.fireTriggers();
  }

  private cancel(id: number): void {
    const o = this.find(id);
    if (!o) {
      this.emit({ type: 'rejected', orderId: id, reason: 'unknown_order' });
      return;
    }
    this.cancelOrder(o, 'user');
  }

  private amend(id: number, price: number, qty: number): void {
    const o = this.find(id);
    const reason = !o ? 'unknown_order' : o.pending ? 'not_resting' : this.limitRule(price, qty, true);
    if (!o || reason) {
      this.emit({ type: 'rejected', orderId: id, reason });
      return;
    }
    const previousQty = o.remaining;
    if (price === o.price && qty <= previousQty) {
      o.remaining = qty;
      this.emit({ type: 'amended', orderId: id, price, qty, previousQty, keptPriority: true });
      return;
    }
    if (o.postOnly && this.wouldTake(o.side, price)) {
      this.emit({ type: 'rejected', orderId: id, reason: 'post_only' });
      return;
    }
    // Out of the book while it re-enters, as a taker first.
    o.pending = true;
    o.price = price;
    o.remaining = qty;
    o.seq = this.emit({ type: 'amended', orderId: id, price, qty, previousQty, keptPriority: false });
    this.execute(o);
    this.fireTriggers();
  }

  /** What a taker could fill now, with self-trade prevention applied: the FOK test. */
  private fillable(o: RefOrder): number {
    let total = 0;
    for (const m of this.resting(o.side === 'buy' ? 'sell' : 'buy')) {
      if (!this.crosses(o, m.price)) break;
      if (o.stp !== 'none' && m.owner === o.owner) {
        if (o.stp === 'cancel_oldest') continue;
        break;
      }
      total += m.remaining;
    }
    return total;
  }

  private execute(o: RefOrder): void {
    o.pending = true;
    if (o.tif === 'FOK' && o.kind === 'limit' && this.fillable(o) < o.remaining) {
      this.cancelOrder(o, 'fok_unfilled');
      return;
    }
    let stopped = false;
    let prevented = NO_MATCH;
    for (const m of this.resting(o.side === 'buy' ? 'sell' : 'buy')) {
      if (o.remaining === 0 || !this.crosses(o, m.price)) break;
      const want = o.byQuote ? Number(BigInt(o.remaining) / BigInt(m.price)) : o.remaining;
      if (want === 0) break;
      if (o.stp !== 'none' && m.owner === o.owner) {
        prevented = { makerId: m.id, takerId: o.id, price: m.price, makerQty: m.remaining };
        if (o.stp === 'cancel_newest') {
          stopped = true;
          break;
        }
        this.cancelOrder(m, 'self_trade', prevented);
        if (o.stp === 'cancel_both') {
          stopped = true;
          break;
        }
        continue;
      }
      const qty = Math.min(want, m.remaining);
      m.remaining -= qty;
      o.remaining -= o.byQuote ? Number(BigInt(qty) * BigInt(m.price)) : qty;
      this.lastPrice = m.price;
      this.emit({
        type: 'trade',
        makerId: m.id,
        takerId: o.id,
        makerOwner: m.owner,
        takerOwner: o.owner,
        takerSide: o.side,
        price: m.price,
        qty,
        makerRemaining: m.remaining,
        takerRemaining: o.remaining,
      });
      if (m.remaining === 0) this.remove(m);
    }
    if (o.remaining === 0) this.remove(o);
    else if (stopped) this.cancelOrder(o, 'self_trade', prevented);
    else if (o.kind === 'limit' && o.tif === 'GTC') o.pending = false;
    else this.cancelOrder(o, 'unfilled');
  }

  private fireTriggers(): void {
    for (;;) {
      if (this.lastPrice === 0) return;
      const waiting = this.orders.filter((o) => o.pending && o.trigger !== 'none' && this.reached(o, o.triggerPrice));
      const rising = waiting
        .filter((o) => this.isRising(o))
        .sort((a, b) => a.triggerPrice - b.triggerPrice || a.seq - b.seq);
      const falling = waiting
        .filter((o) => !this.isRising(o))
        .sort((a, b) => b.triggerPrice - a.triggerPrice || a.seq - b.seq);
      const o = rising[0] ?? falling[0];
      if (!o) return;
      o.trigger = 'none';
      o.seq = this.emit({ type: 'triggered', orderId: o.id, triggerPrice: o.triggerPrice, lastPrice: this.lastPrice });
      const rule = o.kind === 'limit' ? this.bandRule(o.price) : undefined;
      if (rule) this.cancelOrder(o, rule);
      else if (o.kind === 'limit' && o.postOnly && this.wouldTake(o.side, o.price)) this.cancelOrder(o, 'post_only');
      else this.execute(o);
    }
  }
}
