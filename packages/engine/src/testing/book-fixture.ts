import {
  OrderKind,
  type PlaceCommand,
  type SelfTradePrevention,
  Side,
  type TimeInForce,
  type TriggerKind,
} from '../commands.ts';
import { decodeEvents, type EngineEvent } from '../event-decoder.ts';
import { defineRules, type MarketRules } from '../market-rules.ts';
import { OrderBook } from '../order-book.ts';

/** Terse command builders and a book that answers with plain events, for readable unit tests. */
export interface OrderOptions {
  owner?: number;
  tif?: TimeInForce;
  postOnly?: boolean;
  stp?: SelfTradePrevention;
  trigger?: TriggerKind;
  triggerPrice?: number;
}

export class BookFixture {
  readonly book: OrderBook;
  private ts = 0;

  constructor(rules: Partial<MarketRules> = {}) {
    this.book = new OrderBook(defineRules(rules));
  }

  private run(act: () => void): EngineEvent[] {
    act();
    return decodeEvents(this.book.events);
  }

  place(cmd: Omit<PlaceCommand, 'type' | 'ts' | 'owner'> & { owner?: number }): EngineEvent[] {
    return this.run(() => this.book.place({ owner: 1, ...cmd, type: 'place', ts: ++this.ts }));
  }

  buy(id: number, price: number, qty: number, options: OrderOptions = {}): EngineEvent[] {
    return this.place({ id, side: Side.Buy, kind: OrderKind.Limit, price, qty, ...options });
  }

  sell(id: number, price: number, qty: number, options: OrderOptions = {}): EngineEvent[] {
    return this.place({ id, side: Side.Sell, kind: OrderKind.Limit, price, qty, ...options });
  }

  market(id: number, side: Side, qty: number, options: OrderOptions & { quote?: number } = {}): EngineEvent[] {
    return this.place({ id, side, kind: OrderKind.Market, qty, ...options });
  }

  cancel(id: number): EngineEvent[] {
    return this.run(() => this.book.cancel({ type: 'cancel', id, ts: ++this.ts }));
  }

  amend(id: number, price: number, qty: number): EngineEvent[] {
    return this.run(() => this.book.amend({ type: 'amend', id, ts: ++this.ts, price, qty }));
  }
}

export const trades = (events: EngineEvent[]) =>
  events.flatMap((e) => (e.type === 'trade' ? [[e.makerId, e.takerId, e.price, e.qty]] : []));

export const kinds = (events: EngineEvent[]) => events.map((e) => ('reason' in e ? `${e.type}:${e.reason}` : e.type));
