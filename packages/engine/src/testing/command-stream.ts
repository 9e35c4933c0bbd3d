import { type Command, OrderKind, type SelfTradePrevention, Side, type TimeInForce, TriggerKind } from '../commands.ts';
import { intIn, mulberry32 } from './mulberry32.ts';

export interface StreamOptions {
  mid?: number;
  /** Orders are priced within this many ticks of mid, so they cross, stack and empty levels often. */
  spread?: number;
  owners?: number;
  maxQty?: number;
}

/**
 * An endless, seeded stream of commands exercising every feature: limit (GTC, IOC, FOK, post-only), market by
 * quantity and by quote, trigger orders, self-trade prevention across a few owners, cancels and amends of recent
 * (sometimes already gone) ids, and some deliberately invalid orders.
 */
export function commandStream(seed: number, options: StreamOptions = {}): () => Command {
  const mid = options.mid ?? 1000;
  const spread = options.spread ?? 20;
  const owners = options.owners ?? 4;
  const maxQty = options.maxQty ?? 20;
  const next = mulberry32(seed);
  const recent: { id: number; price: number }[] = [];
  let nextId = 1;
  let ts = 0;
  const pick = (n: number): number => next() % n;
  const price = (): number => intIn(next, mid - spread, mid + spread);
  const recentOrder = (): { id: number; price: number } => recent[pick(recent.length)] ?? { id: 1, price: mid };
  return () => {
    ts += 1 + pick(3);
    const roll = pick(100);
    if (roll < 15 && recent.length > 0) return { type: 'cancel', id: recentOrder().id, ts };
    if (roll < 25 && recent.length > 0) {
      const { id, price: was } = recentOrder();
      const keep = pick(2) === 0;
      return { type: 'amend', id, ts, price: keep ? was : price(), qty: intIn(next, 1, keep ? maxQty >> 2 : maxQty) };
    }
    const id = nextId++;
    const p = price();
    recent.push({ id, price: p });
    if (recent.length > 64) recent.shift();
    const side = pick(2) === 0 ? Side.Buy : Side.Sell;
    const common = { type: 'place', id, ts, owner: pick(owners), side, stp: pick(4) as SelfTradePrevention } as const;
    const qty = intIn(next, 1, maxQty);
    if (roll < 33) {
      const byQuote = side === Side.Buy && pick(2) === 0;
      // Half of them with a protection price, some of which stop them short of the book's far side.
      const protection = pick(2) === 0 ? { price: p } : {};
      return byQuote
        ? { ...common, kind: OrderKind.Market, qty: 0, quote: intIn(next, 1, maxQty * mid), ...protection }
        : { ...common, kind: OrderKind.Market, qty, ...protection };
    }
    if (roll < 40) {
      const kind = pick(3) === 0 ? OrderKind.Market : OrderKind.Limit;
      return {
        ...common,
        kind,
        price: p,
        qty,
        trigger: pick(2) === 0 ? TriggerKind.Stop : TriggerKind.TakeProfit,
        triggerPrice: price(),
        tif: pick(3) as TimeInForce,
      };
    }
    if (roll < 42) return { ...common, kind: OrderKind.Limit, price: pick(2) === 0 ? 0 : -price(), qty };
    const tif = (pick(4) === 0 ? 1 + pick(2) : 0) as TimeInForce;
    return { ...common, kind: OrderKind.Limit, price: p, qty, tif, postOnly: pick(8) === 0 };
  };
}
