import { type EventLog, EventType } from './events.ts';
import { isPostOnly, stpOf, tifOf, triggerOf } from './order-flags.ts';
import { Reason, type ReasonName, reasonNames } from './reasons.ts';

/**
 * Plain event objects built from an EventLog, for the server (to write orders, trades and ledger rows) and for
 * tests. Building them allocates; the hot path reads the EventLog directly instead.
 * Quantities are lots; `quote` fields and a by-quote taker's `takerRemaining` are tick-lots.
 */
export type SideName = 'buy' | 'sell';
export type KindName = 'limit' | 'market';
export type TifName = 'GTC' | 'IOC' | 'FOK';
export type StpName = 'none' | 'cancel_newest' | 'cancel_oldest' | 'cancel_both';
export type TriggerName = 'none' | 'stop' | 'take_profit';

interface EventBase {
  seq: number;
  ts: number;
}

export interface AcceptedEvent extends EventBase {
  type: 'accepted';
  orderId: number;
  owner: number;
  side: SideName;
  kind: KindName;
  /** 0 for market orders. */
  price: number;
  qty: number;
  quote: number;
  tif: TifName;
  postOnly: boolean;
  stp: StpName;
  trigger: TriggerName;
  triggerPrice: number;
}

export interface RejectedEvent extends EventBase {
  type: 'rejected';
  orderId: number;
  reason: ReasonName;
}

export interface TradeEvent extends EventBase {
  type: 'trade';
  makerId: number;
  takerId: number;
  makerOwner: number;
  takerOwner: number;
  takerSide: SideName;
  price: number;
  qty: number;
  makerRemaining: number;
  takerRemaining: number;
}

export interface CancelledEvent extends EventBase {
  type: 'cancelled';
  orderId: number;
  owner: number;
  reason: ReasonName;
  qty: number;
  quote: number;
  /** A self-trade: the match prevented (the maker's remaining then); 0s for any other cancel. */
  prevented: { makerId: number; takerId: number; price: number; makerQty: number };
}

export interface TriggeredEvent extends EventBase {
  type: 'triggered';
  orderId: number;
  triggerPrice: number;
  lastPrice: number;
}

export interface AmendedEvent extends EventBase {
  type: 'amended';
  orderId: number;
  price: number;
  qty: number;
  previousQty: number;
  keptPriority: boolean;
}

export type EngineEvent = AcceptedEvent | RejectedEvent | TradeEvent | CancelledEvent | TriggeredEvent | AmendedEvent;

const sides: readonly SideName[] = ['buy', 'sell'];
const kinds: readonly KindName[] = ['limit', 'market'];
const tifs: readonly TifName[] = ['GTC', 'IOC', 'FOK'];
const stps: readonly StpName[] = ['none', 'cancel_newest', 'cancel_oldest', 'cancel_both'];
const triggers: readonly TriggerName[] = ['none', 'stop', 'take_profit'];

const name = <T>(names: readonly T[], code: number): T => names[code] as T;

export function decodeEvent(log: EventLog, i: number): EngineEvent {
  const f = (k: number): number => log.field(i, k);
  const base = { seq: f(-2), ts: f(-1) };
  switch (log.type(i)) {
    case EventType.Accepted: {
      const flags = f(8);
      return {
        type: 'accepted',
        ...base,
        orderId: f(0),
        owner: f(1),
        side: name(sides, f(2)),
        kind: name(kinds, f(3)),
        price: f(4),
        qty: f(5),
        quote: f(6),
        tif: name(tifs, tifOf(flags)),
        postOnly: isPostOnly(flags),
        stp: name(stps, stpOf(flags)),
        trigger: name(triggers, triggerOf(flags)),
        triggerPrice: f(7),
      };
    }
    case EventType.Rejected:
      return { type: 'rejected', ...base, orderId: f(0), reason: name(reasonNames, f(1)) };
    case EventType.Trade:
      return {
        type: 'trade',
        ...base,
        makerId: f(0),
        takerId: f(1),
        makerOwner: f(2),
        takerOwner: f(3),
        takerSide: name(sides, f(4)),
        price: f(5),
        qty: f(6),
        makerRemaining: f(7),
        takerRemaining: f(8),
      };
    case EventType.Cancelled:
      return {
        type: 'cancelled',
        ...base,
        orderId: f(0),
        owner: f(1),
        reason: name(reasonNames, f(2)),
        qty: f(3),
        quote: f(4),
        prevented:
          f(2) === Reason.SelfTrade
            ? { makerId: f(5), takerId: f(6), price: f(7), makerQty: f(8) }
            : { makerId: 0, takerId: 0, price: 0, makerQty: 0 },
      };
    case EventType.Triggered:
      return { type: 'triggered', ...base, orderId: f(0), triggerPrice: f(1), lastPrice: f(2) };
    case EventType.Amended:
      return {
        type: 'amended',
        ...base,
        orderId: f(0),
        price: f(1),
        qty: f(2),
        previousQty: f(3),
        keptPriority: f(4) === 1,
      };
  }
}

/** The events of the book's last command as plain objects. */
export function decodeEvents(log: EventLog): EngineEvent[] {
  const out: EngineEvent[] = [];
  for (let i = 0; i < log.count; i++) out.push(decodeEvent(log, i));
  return out;
}
