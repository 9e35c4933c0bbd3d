import Big from 'big.js';
import type { CoreEvent } from '../core/core-events.ts';
import type { MarketSpec } from '../core/market-spec.ts';
import { spendsQuote } from '../core/order-rules.ts';
import type { Channel, Fanout, Peer, Subscription } from '../realtime/fanout.ts';
import type { Services } from '../services.ts';
import type { ListenKeys } from './listen-keys.ts';
import { binanceSymbol, quoteAmount } from './market-format.ts';
import { binanceOrderType, binanceStatus, clientOrderIdOf, type OrderRow, type TradeRow } from './order-format.ts';
import { preventedFields, preventedMatchIds } from './prevented-matches.ts';

/**
 * Binance's user data events, one channel of the fan-out, shared by both ways a client follows an account: the
 * WebSocket API's subscriptions (user-stream.ts) and the listen-key streams at /ws/<listenKey> (streams.ts). An
 * account is a user's spot account (`exchange`) or one pair's isolated margin account (`lever:BTCUSDT`); for each
 * one someone watches it makes, in the order things happened: `executionReport` for every new, traded, cancelled
 * or expired order placed on that account, `outboundAccountPosition` with that account's balances that changed,
 * and `balanceUpdate` for what a deposit, withdrawal, transfer or credit moved in it. No account's events reach
 * another's followers.
 *
 * A subscription made with a listen key (or listen token) ends when the key is closed or lapses: checked every
 * LISTEN_KEYS_MS, its protocol told first (`ended`) so it can say so as Binance does.
 *
 * Events leave the trading core after commit; each batch is read back from the database (the rows the core wrote)
 * in order, one batch after another, so reports arrive in the order things happened.
 */
export type UserEvent = { e: string; E: number } & Record<string, unknown>;

/** Whose events a subscription carries: one user's one account. */
export interface FollowedAccount {
  userId: number;
  account: string;
}

const topicOf = (userId: number, account: string) => `userData:${userId}:${account}`;

const LISTEN_KEYS_MS = 1000;

/** How a subscription made with a listen key ends: `ended` is told whether it lapsed (else it was closed). */
export interface ListenKeyEnd {
  listenKey: string;
  ended(lapsed: boolean, now: number): void;
}

/** A live subscription made with a listen key. */
interface Keyed extends ListenKeyEnd {
  subscription: Subscription;
}

export class UserEventFeed implements Channel<FollowedAccount> {
  /** Not subscribed by name: a listen key or a signed request names the account. */
  readonly protocol = 'binance';
  /** The accounts someone follows, by topic. */
  private readonly watched = new Map<string, FollowedAccount>();
  /** Batches are turned into reports one after another. */
  private queue: Promise<void> = Promise.resolve();
  /** Subscriptions made with a listen key, until it ends or they are dropped. */
  private readonly keyed = new Set<Keyed>();
  /** One check of the listen keys at a time. */
  private checking = false;

  constructor(
    private readonly services: Services,
    private readonly fanout: Fanout,
    private readonly listenKeys: ListenKeys,
  ) {
    fanout.register(this);
    fanout.own(services.core.bus.subscribe((events) => this.onCoreEvents(events)));
    fanout.every(LISTEN_KEYS_MS, () => this.checkListenKeys());
  }

  opened(topic: string, followed: FollowedAccount): void {
    this.watched.set(topic, followed);
  }

  closed(topic: string): void {
    this.watched.delete(topic);
  }

  /**
   * The peer's subscription `key` to the account's events; `send` takes each batch of them. Made with a listen key,
   * it lasts as long as the key (`end`).
   */
  follow(
    peer: Peer,
    key: string,
    followed: FollowedAccount,
    send: (events: UserEvent[]) => void,
    end?: ListenKeyEnd,
  ): void {
    const subscription: Subscription<FollowedAccount> = {
      peer,
      key,
      topic: topicOf(followed.userId, followed.account),
      channel: this,
      route: followed,
      deliver: (message) => send(message.body as UserEvent[]),
    };
    if (this.fanout.subscribe(subscription) && end) this.keyed.add({ ...end, subscription });
  }

  /** The users someone follows `account` of (a futures family's stream: futures-user-events.ts). */
  followers(account: string): Set<number> {
    const users = new Set<number>();
    for (const followed of this.watched.values()) if (followed.account === account) users.add(followed.userId);
    return users;
  }

  /** Sends events made elsewhere (the futures families') to the account's followers. */
  publish(followed: FollowedAccount, events: UserEvent[]): void {
    if (events.length) this.fanout.publish(topicOf(followed.userId, followed.account), () => events);
  }

  /** Whether the subscription is one to user data events. */
  carries(subscription: Subscription): boolean {
    return subscription.channel === this;
  }

  private checkListenKeys(): void {
    if (this.checking || this.keyed.size === 0) return;
    this.checking = true;
    this.endListenKeys()
      .catch(() => undefined)
      .finally(() => {
        this.checking = false;
      });
  }

  /** Subscriptions whose listen key was closed or lapsed stop, each protocol saying so first. */
  private async endListenKeys(): Promise<void> {
    for (const keyed of [...this.keyed]) {
      const { peer, key } = keyed.subscription;
      // Dropped meanwhile (unsubscribed, or the peer left).
      if (peer.subscriptions.get(key) !== keyed.subscription) {
        this.keyed.delete(keyed);
        continue;
      }
      const state = await this.listenKeys.state(keyed.listenKey);
      if (state === 'alive') continue;
      this.keyed.delete(keyed);
      keyed.ended(state === 'lapsed', this.services.clock.now());
      this.fanout.unsubscribe(peer, key);
    }
  }

  private onCoreEvents(events: readonly CoreEvent[]): void {
    if (this.watched.size === 0) return;
    // Order events name no account: any followed account of their user may own them (report() keeps its own).
    const users = new Set([...this.watched.values()].map((followed) => followed.userId));
    const watched = (userId: number) => users.has(userId);
    const orders = events.flatMap((e) => (e.type === 'order' && watched(e.userId) ? [e] : []));
    const balances = events.flatMap((e) =>
      e.type === 'balance' && this.watched.has(topicOf(e.ownerId, e.account)) ? [e] : [],
    );
    if (orders.length === 0 && balances.length === 0) return;
    const tradeIds = events.flatMap((e) =>
      e.type === 'trade' && (watched(e.makerUserId) || watched(e.takerUserId)) ? [e.tradeId] : [],
    );
    const now = this.services.clock.now();
    this.queue = this.queue.then(() => this.report(orders, balances, tradeIds, now)).catch(() => undefined);
  }

  private async report(
    orders: Extract<CoreEvent, { type: 'order' }>[],
    balances: Extract<CoreEvent, { type: 'balance' }>[],
    tradeIds: number[],
    now: number,
  ): Promise<void> {
    const { db } = this.services.database;
    const orderIds = orders.map((e) => e.orderId);
    const [placed, trades] = await Promise.all([
      orderIds.length ? db.selectFrom('orders').selectAll().where('id', 'in', orderIds).execute() : [],
      tradeIds.length ? db.selectFrom('trades').selectAll().where('id', 'in', tradeIds).orderBy('id').execute() : [],
    ]);
    // Each order is reported to its own account's followers only (a margin order is not a spot bot's).
    const rows = placed.filter((row) => this.watched.has(topicOf(Number(row.user_id), row.account)));
    const prevented = await preventedMatchIds(db, rows);
    /** The events of each followed topic, in order. */
    const frames = new Map<string, UserEvent[]>();
    const push = (topic: string, event: UserEvent) => {
      const list = frames.get(topic) ?? [];
      list.push(event);
      frames.set(topic, list);
    };
    for (const row of rows.sort((a, b) => Number(a.id) - Number(b.id))) {
      // Every market an order was placed in is one the core holds.
      const spec = this.services.core.market(row.symbol);
      if (!spec) continue;
      const own = trades.filter(
        (t) => Number(t.maker_order_id) === Number(row.id) || Number(t.taker_order_id) === Number(row.id),
      );
      const reports = executionReports(row, own, spec, now, prevented.get(Number(row.id)));
      for (const report of reports) push(topicOf(Number(row.user_id), row.account), report);
    }
    const changed = new Map<string, { a: string; f: string; l: string }[]>();
    for (const e of balances) {
      const coin = e.coin.toUpperCase();
      const topic = topicOf(e.ownerId, e.account);
      if (e.moved !== undefined) push(topic, { e: 'balanceUpdate', E: now, a: coin, d: balanceText(e.moved), T: now });
      const list = changed.get(topic) ?? [];
      list.push({ a: coin, f: balanceText(e.available), l: balanceText(e.locked) });
      changed.set(topic, list);
    }
    for (const [topic, list] of changed) push(topic, { e: 'outboundAccountPosition', E: now, u: now, B: list });

    for (const [topic, events] of frames) this.fanout.publish(topic, () => events);
  }
}

const balanceText = (value: string) => {
  const v = new Big(value);
  return v.toFixed(Math.max(8, v.c.length - v.e - 1));
};

/**
 * The executionReports one batch makes for an order: NEW when it was placed in this batch, one TRADE per fill
 * (cumulative amounts counted up to each), and CANCELED, EXPIRED or REJECTED when it ended that way; an order
 * self-trade prevention expired ends in TRADE_PREVENTION with its prevented match (v) and quantity (A, B).
 */
export function executionReports(
  row: OrderRow,
  trades: TradeRow[],
  spec: MarketSpec,
  now: number,
  preventedMatchId?: number,
): UserEvent[] {
  const p = spec.pricePrecision;
  const v = spec.volumePrecision;
  const id = Number(row.id);
  const byQuote = spendsQuote(row);
  const finalStatus = binanceStatus(row);
  const placedNow = Number(row.created_at) === Number(row.updated_at);
  // What was filled before this batch's trades.
  let filled = new Big(row.deal_volume);
  let turnover = new Big(row.deal_money);
  for (const t of trades) {
    filled = filled.minus(t.volume);
    turnover = turnover.minus(t.amount);
  }
  const base = {
    e: 'executionReport',
    E: now,
    s: binanceSymbol(spec),
    c: clientOrderIdOf(row),
    S: row.side,
    o: binanceOrderType(row),
    f: row.time_in_force,
    q: byQuote ? new Big(0).toFixed(v) : new Big(row.volume).toFixed(v),
    p: new Big(row.price).toFixed(p),
    P: new Big(0).toFixed(p),
    F: new Big(0).toFixed(v),
    g: -1,
    C: '',
    r: 'NONE',
    i: id,
    I: id,
    M: false,
    O: Number(row.created_at),
    Q: quoteAmount(row.quote_order_qty, spec),
    W: Number(row.created_at),
    V: row.stp_mode,
  };
  const state = (x: string, X: string, open: boolean) => ({
    ...base,
    x,
    X,
    l: new Big(0).toFixed(v),
    z: filled.toFixed(v),
    L: new Big(0).toFixed(p),
    n: '0',
    N: null as string | null,
    T: Number(row.updated_at),
    t: -1,
    w: open,
    m: false,
    Z: quoteAmount(turnover.toFixed(), spec),
    Y: quoteAmount('0', spec),
  });
  const resting = finalStatus === 'NEW' || finalStatus === 'PARTIALLY_FILLED';
  const reports: UserEvent[] = [];
  if (placedNow) reports.push({ ...state('NEW', 'NEW', resting || trades.length > 0), T: Number(row.created_at) });
  trades.forEach((t, i) => {
    filled = filled.plus(t.volume);
    turnover = turnover.plus(t.amount);
    const maker = Number(t.maker_order_id) === id;
    const buyer = row.side === 'BUY';
    const last = i === trades.length - 1;
    const X = last && finalStatus === 'FILLED' ? 'FILLED' : 'PARTIALLY_FILLED';
    reports.push({
      ...state('TRADE', X, resting),
      l: new Big(t.volume).toFixed(v),
      L: new Big(t.price).toFixed(p),
      n: buyer ? new Big(t.buyer_fee).toFixed(spec.baseScale) : new Big(t.seller_fee).toFixed(spec.quoteScale),
      N: buyer ? spec.base : spec.quote,
      T: Number(t.created_at),
      t: Number(t.id),
      m: maker,
      Y: quoteAmount(t.amount, spec),
    });
  });
  if (finalStatus === 'CANCELED' || finalStatus === 'EXPIRED' || finalStatus === 'REJECTED')
    reports.push(state(finalStatus, finalStatus, false));
  if (finalStatus === 'EXPIRED_IN_MATCH') {
    const prevented = preventedFields(row, spec, preventedMatchId);
    reports.push({
      ...state('TRADE_PREVENTION', finalStatus, false),
      ...(prevented.preventedMatchId === undefined
        ? {}
        : { v: prevented.preventedMatchId, A: prevented.preventedQuantity, B: prevented.preventedQuantity }),
    });
  }
  return reports;
}
