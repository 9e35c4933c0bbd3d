import { OrderStatus } from '@opex/contract/calls/order';
import type { SnapshotOrder } from '@opex/engine/snapshot';
import type { Account } from '../ledger/accounts.ts';
import { ledgerFromUnits, ledgerOf } from '../ledger/ledger-units.ts';
import { NOT_EXACT, unitsAt } from './decimal-units.ts';
import type { MarketSpec } from './market-spec.ts';
import { Columns, EXCHANGE, NOTHING_FILLED, reserveDigits, tifNames } from './open-order-columns.ts';
import type { TimeInForceName } from './order-rules.ts';
import type { OrderState } from './order-state.ts';

/**
 * The core's open orders by id. Orders read back on start stay in compact columns (typed arrays, ids sorted) until
 * a command first touches one, which turns it into an OrderState once; orders placed since are OrderStates from
 * the start. A restart with a million resting orders so builds a few typed arrays instead of a million objects
 * holding four big.js decimals each, and the garbage collector has almost nothing to trace.
 */

export class OpenOrders {
  private readonly live = new Map<number, OrderState>();
  private columns = new Columns(0);
  private specs: MarketSpec[] = [];
  private coldCount = 0;

  get size(): number {
    return this.live.size + this.coldCount;
  }

  has(id: number): boolean {
    return this.live.has(id) || this.columns.find(id) !== -1;
  }

  get(id: number): OrderState | undefined {
    const order = this.live.get(id);
    if (order) return order;
    const i = this.columns.find(id);
    if (i === -1) return undefined;
    const warmed = this.warm(i);
    this.live.set(id, warmed);
    return warmed;
  }

  set(id: number, order: OrderState): void {
    const i = this.columns.find(id);
    if (i !== -1) this.drop(i);
    this.live.set(id, order);
  }

  delete(id: number): boolean {
    if (this.live.delete(id)) return true;
    const i = this.columns.find(id);
    if (i === -1) return false;
    this.drop(i);
    return true;
  }

  /**
   * The ids of a user's open orders (in one market when `symbol` is given), in id order. A scan: cancel-all is
   * rare next to placing and cancelling, and a per-user index would cost every order.
   */
  idsOf(userId: number, symbol: string | null): number[] {
    const ids: number[] = [];
    for (const order of this.live.values()) {
      if (order.userId === userId && (symbol === null || order.spec.symbol === symbol)) ids.push(order.id);
    }
    const c = this.columns;
    for (let i = 0; i < c.length; i++) {
      if (c.users[i] !== userId || c.gone[i] === 1) continue;
      if (symbol === null || (this.specs[c.market[i] as number] as MarketSpec).symbol === symbol)
        ids.push(c.ids[i] as number);
    }
    return ids.sort((a, b) => a - b);
  }

  private drop(i: number): void {
    this.columns.gone[i] = 1;
    this.columns.reserveText.delete(i);
    this.columns.extra.delete(i);
    this.columns.triggers.delete(i);
    this.columns.accounts.delete(i);
    this.coldCount--;
  }

  /** The OrderState of a loaded order (taken out of the columns). */
  private warm(i: number): OrderState {
    const c = this.columns;
    const spec = this.specs[c.market[i] as number] as MarketSpec;
    const bits = c.bits[i] as number;
    const extra = c.extra.get(i);
    const reserve = c.reserve[i] as number;
    const trigger = c.triggers.get(i);
    const order: OrderState = {
      id: c.ids[i] as number,
      userId: c.users[i] as number,
      account: c.accounts.get(i) ?? 'exchange',
      spec,
      side: bits & 1 ? 'SELL' : 'BUY',
      type: bits & 2 ? 2 : 1,
      ticks: c.ticks[i] as number,
      lots: c.lots[i] as number,
      quoteTickLots: 0,
      timeInForce: tifNames[(bits >> 4) & 3] as TimeInForceName,
      postOnly: (bits & 4) !== 0,
      triggerTicks: trigger?.ticks ?? 0,
      triggerKind: trigger?.kind ?? 0,
      dealLots: c.dealLots[i] as number,
      dealMoney: extra ? ledgerOf(extra.dealMoney) : 0n,
      fee: extra ? ledgerOf(extra.fee) : 0n,
      platformFee: extra ? ledgerOf(extra.platformFee) : 0n,
      platformFeeCoin: extra?.platformFeeCoin ?? '',
      reserve: Number.isNaN(reserve)
        ? ledgerOf(c.reserveText.get(i) as string)
        : ledgerFromUnits(reserve, reserveDigits(spec, (bits & 1) === 1)),
      status: c.status[i] as number,
      closedByExchange: (bits & 8) !== 0,
      clientOrderId: extra?.clientOrderId ?? null,
      createdAt: c.created[i] as number,
      updatedAt: c.updated[i] as number,
    };
    this.drop(i);
    return order;
  }

  /**
   * Reads the open orders at start (rows of openOrdersQuery, in id order); its finish() replaces everything here,
   * and bookOrders() gives each market's orders for its book.
   */
  static loader(specs: MarketSpec[], expected = 0): OpenOrdersLoader {
    return new OpenOrdersLoader(specs, expected);
  }

  /** @internal */
  adopt(columns: Columns, specs: MarketSpec[]): void {
    this.columns = columns;
    this.specs = specs;
    this.coldCount = columns.length;
    this.live.clear();
  }
}

/** Reads open-order lines one by one into columns, checking each amount against its market's precision. */
export class OpenOrdersLoader {
  private readonly columns: Columns;
  private readonly marketIndex = new Map<string, number>();
  private lastId = Number.NEGATIVE_INFINITY;
  /** Where the next field of the line being read starts. */
  private at = 0;
  readonly unknownMarkets = new Set<string>();
  readonly owners = new Set<number>();

  constructor(
    private readonly specs: MarketSpec[],
    expected: number,
  ) {
    this.columns = new Columns(Math.max(1024, expected));
    specs.forEach((s, i) => {
      this.marketIndex.set(s.symbol, i);
    });
  }

  /** Adds one row of openOrdersQuery; returns its market index, or -1 for an unknown market. */
  add(line: string): number {
    this.at = 0;
    const id = this.units(line, 0, -1);
    const userId = this.units(line, 0, id);
    const symbol = line.slice(this.at, this.fieldEnd(line));
    const m = this.marketIndex.get(symbol);
    if (m === undefined) {
      this.unknownMarkets.add(symbol);
      return -1;
    }
    this.at += symbol.length + 1;
    if (!(id > this.lastId)) throw new Error(`open orders must be read in id order (${id} after ${this.lastId})`);
    this.lastId = id;
    const spec = this.specs[m] as MarketSpec;
    const c = this.columns;
    if (c.length === c.ids.length) c.grow();
    const i = c.length++;
    const sell = line.charCodeAt(this.at) === 83; // 'S'ELL
    this.at = this.fieldEnd(line) + 1;
    const type = this.units(line, 0, id);
    c.ids[i] = id;
    c.users[i] = userId;
    c.market[i] = m;
    c.ticks[i] = this.units(line, spec.pricePrecision, id);
    c.lots[i] = this.units(line, spec.volumePrecision, id);
    c.dealLots[i] = this.units(line, spec.volumePrecision, id);
    const end = this.fieldEnd(line);
    const reserve = unitsAt(line, this.at, end, reserveDigits(spec, sell));
    // Not representable exactly as units (never for what the core writes): kept as stored.
    if (reserve < 0) c.reserveText.set(i, line.slice(this.at, end));
    c.reserve[i] = reserve < 0 ? Number.NaN : reserve;
    this.at = end + 1;
    c.status[i] = this.units(line, 0, id);
    const tif = line.charCodeAt(this.at); // GTC, IOC, FOK
    this.at = this.fieldEnd(line) + 1;
    const postOnly = this.units(line, 0, id);
    const closed = this.units(line, 0, id);
    const triggerKind = this.units(line, 0, id);
    const triggerTicks = this.units(line, spec.pricePrecision, id);
    if (triggerKind !== 0) c.triggers.set(i, { kind: triggerKind, ticks: triggerTicks });
    c.bits[i] =
      (sell ? 1 : 0) |
      (type === 2 ? 2 : 0) |
      (postOnly === 1 ? 4 : 0) |
      (closed === 1 ? 8 : 0) |
      ((tif === 73 ? 1 : tif === 70 ? 2 : 0) << 4);
    c.created[i] = this.units(line, 0, id);
    c.updated[i] = this.units(line, 0, id);
    const accountEnd = this.fieldEnd(line);
    if (accountEnd - this.at !== EXCHANGE.length || !line.startsWith(EXCHANGE, this.at)) {
      c.accounts.set(i, line.slice(this.at, accountEnd) as Account);
    }
    this.at = accountEnd + 1;
    if (line.length !== this.at + NOTHING_FILLED.length || !line.endsWith(NOTHING_FILLED)) {
      const [dealMoney = '', fee = '', platformFee = '', platformFeeCoin = '', ...client] = line
        .slice(this.at)
        .split(',');
      const clientOrderId = client.length ? client.join(',') : null;
      c.extra.set(i, { dealMoney, fee, platformFee, platformFeeCoin, clientOrderId });
    }
    this.owners.add(userId);
    return m;
  }

  /**
   * Market m's orders for the engine's snapshot, in id order (their seq): those on the book, and the stop-limit
   * orders still waiting for their trigger (status 8), whose flags `waitingFlags` gives.
   */
  bookOrders(
    m: number,
    buyFlags: number,
    sellFlags: number,
    waitingFlags: (sell: boolean, triggerKind: number, timeInForce: number, postOnly: boolean) => number,
  ): { orders: SnapshotOrder[]; triggers: SnapshotOrder[] } {
    const c = this.columns;
    const orders: SnapshotOrder[] = [];
    const triggers: SnapshotOrder[] = [];
    for (let i = 0; i < c.length; i++) {
      if (c.market[i] !== m) continue;
      const bits = c.bits[i] as number;
      const trigger = c.triggers.get(i);
      const waiting = trigger !== undefined && c.status[i] === OrderStatus.waitingTrigger;
      const order: SnapshotOrder = {
        id: c.ids[i] as number,
        owner: c.users[i] as number,
        price: c.ticks[i] as number,
        remaining: (c.lots[i] as number) - (c.dealLots[i] as number),
        seq: orders.length + triggers.length + 1,
        flags: waiting
          ? waitingFlags((bits & 1) === 1, trigger.kind, (bits >> 4) & 3, (bits & 4) !== 0)
          : bits & 1
            ? sellFlags
            : buyFlags,
        triggerPrice: waiting ? trigger.ticks : 0,
      };
      (waiting ? triggers : orders).push(order);
    }
    return { orders, triggers };
  }

  finish(into: OpenOrders): void {
    into.adopt(this.columns, this.specs);
  }

  private fieldEnd(line: string): number {
    const end = line.indexOf(',', this.at);
    return end === -1 ? line.length : end;
  }

  /** The next field in units of 10^-digits; throws when it is not one (the precision changed, or a bad row). */
  private units(line: string, digits: number, id: number): number {
    const end = this.fieldEnd(line);
    const units = unitsAt(line, this.at, end, digits);
    if (units < 0) {
      const value = line.slice(this.at, end);
      throw new Error(
        units === NOT_EXACT
          ? `order ${id}: ${value} does not fit its market's precision`
          : `open order ${id}: ${value} is not a non-negative decimal`,
      );
    }
    this.at = end + 1;
    return units;
  }
}
