import Big from 'big.js';
import { toUnits } from './decimal-units.ts';
import type { MarketSpec } from './market-spec.ts';
import type { TimeInForceName } from './order-rules.ts';
import type { OrderState } from './order-state.ts';

/**
 * The core's open orders by id. Orders read back on start stay in compact columns (typed arrays, ids sorted) until
 * a command first touches one, which turns it into an OrderState once; orders placed since are OrderStates from
 * the start. A restart with a million resting orders so builds a few typed arrays instead of a million objects
 * holding four big.js decimals each, and the garbage collector has almost nothing to trace.
 */

/** The columns the core reads of an open order, in this order (the start's query selects exactly these). */
export const OPEN_ORDER_COLUMNS = [
  'id',
  'user_id',
  'symbol',
  'side',
  'type',
  'price',
  'volume',
  'deal_volume',
  'deal_money',
  'fee',
  'platform_fee',
  'platform_fee_coin',
  'reserve',
  'status',
  'closed_by_exchange',
  'client_order_id',
  'time_in_force',
  'post_only',
  'created_at',
  'updated_at',
] as const;

/** A row with OPEN_ORDER_COLUMNS' values, in order. */
export type OpenOrderRow = unknown[];

const ZERO = new Big(0);
const tifNames: TimeInForceName[] = ['GTC', 'IOC', 'FOK'];

/** What an order read at start holds besides numbers, when it is not the common "nothing filled yet". */
interface Extra {
  dealMoney: string;
  fee: string;
  platformFee: string;
  platformFeeCoin: string;
  clientOrderId: string | null;
}

/** Loaded orders in id order: column i of every array is one order. */
class Columns {
  length = 0;
  ids: Float64Array;
  users: Float64Array;
  ticks: Float64Array;
  lots: Float64Array;
  dealLots: Float64Array;
  created: Float64Array;
  updated: Float64Array;
  market: Uint16Array;
  /** bit 0 sell, bit 1 market order, bit 2 post-only, bit 3 closed by exchange, bits 4-5 time in force. */
  bits: Uint8Array;
  status: Uint8Array;
  /** 1 once the order became an OrderState (or left). */
  gone: Uint8Array;
  reserve: string[] = [];
  extra = new Map<number, Extra>();

  constructor(capacity: number) {
    this.ids = new Float64Array(capacity);
    this.users = new Float64Array(capacity);
    this.ticks = new Float64Array(capacity);
    this.lots = new Float64Array(capacity);
    this.dealLots = new Float64Array(capacity);
    this.created = new Float64Array(capacity);
    this.updated = new Float64Array(capacity);
    this.market = new Uint16Array(capacity);
    this.bits = new Uint8Array(capacity);
    this.status = new Uint8Array(capacity);
    this.gone = new Uint8Array(capacity);
  }

  grow(): void {
    const capacity = Math.max(1024, this.ids.length * 2);
    const copy = <T extends Float64Array | Uint16Array | Uint8Array>(a: T, make: (n: number) => T): T => {
      const b = make(capacity);
      b.set(a);
      return b;
    };
    this.ids = copy(this.ids, (n) => new Float64Array(n));
    this.users = copy(this.users, (n) => new Float64Array(n));
    this.ticks = copy(this.ticks, (n) => new Float64Array(n));
    this.lots = copy(this.lots, (n) => new Float64Array(n));
    this.dealLots = copy(this.dealLots, (n) => new Float64Array(n));
    this.created = copy(this.created, (n) => new Float64Array(n));
    this.updated = copy(this.updated, (n) => new Float64Array(n));
    this.market = copy(this.market, (n) => new Uint16Array(n));
    this.bits = copy(this.bits, (n) => new Uint8Array(n));
    this.status = copy(this.status, (n) => new Uint8Array(n));
    this.gone = copy(this.gone, (n) => new Uint8Array(n));
  }

  /** Index of a loaded order still in columns, or -1. */
  find(id: number): number {
    let lo = 0;
    let hi = this.length - 1;
    while (lo <= hi) {
      const mid = (lo + hi) >>> 1;
      const at = this.ids[mid] as number;
      if (at === id) return this.gone[mid] === 1 ? -1 : mid;
      if (at < id) lo = mid + 1;
      else hi = mid - 1;
    }
    return -1;
  }
}

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

  private drop(i: number): void {
    this.columns.gone[i] = 1;
    this.columns.reserve[i] = '';
    this.columns.extra.delete(i);
    this.coldCount--;
  }

  /** The OrderState of a loaded order (taken out of the columns). */
  private warm(i: number): OrderState {
    const c = this.columns;
    const spec = this.specs[c.market[i] as number] as MarketSpec;
    const bits = c.bits[i] as number;
    const extra = c.extra.get(i);
    const order: OrderState = {
      id: c.ids[i] as number,
      userId: c.users[i] as number,
      spec,
      side: bits & 1 ? 'SELL' : 'BUY',
      type: bits & 2 ? 2 : 1,
      ticks: c.ticks[i] as number,
      lots: c.lots[i] as number,
      quoteTickLots: 0,
      timeInForce: tifNames[(bits >> 4) & 3] as TimeInForceName,
      postOnly: (bits & 4) !== 0,
      dealLots: c.dealLots[i] as number,
      dealMoney: extra ? new Big(extra.dealMoney) : ZERO,
      fee: extra ? new Big(extra.fee) : ZERO,
      platformFee: extra ? new Big(extra.platformFee) : ZERO,
      platformFeeCoin: extra?.platformFeeCoin ?? '',
      reserve: new Big(c.reserve[i] as string),
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
   * Replaces everything with the open orders read at start, given in id order. `onOrder` sees each one's market
   * index, id, owner, side, price in ticks and remaining lots (for the book).
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

/** Reads open-order rows one by one into columns, checking each against its market's precision. */
export class OpenOrdersLoader {
  private readonly columns: Columns;
  private readonly marketIndex = new Map<string, number>();
  private lastId = Number.NEGATIVE_INFINITY;
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

  /** Adds one row (OPEN_ORDER_COLUMNS order); returns its market index, or -1 for an unknown market. */
  add(row: OpenOrderRow): number {
    const symbol = row[2] as string;
    const m = this.marketIndex.get(symbol);
    if (m === undefined) {
      this.unknownMarkets.add(symbol);
      return -1;
    }
    const spec = this.specs[m] as MarketSpec;
    const id = Number(row[0]);
    if (!(id > this.lastId)) throw new Error(`open orders must be read in id order (${id} after ${this.lastId})`);
    this.lastId = id;
    const c = this.columns;
    if (c.length === c.ids.length) c.grow();
    const i = c.length++;
    const units = (value: unknown, digits: number) => {
      const r = toUnits(String(value), digits);
      if (!r.ok) throw new Error(`order ${id}: ${String(value)} does not fit market ${symbol}'s precision`);
      return r.units;
    };
    const userId = Number(row[1]);
    c.ids[i] = id;
    c.users[i] = userId;
    c.market[i] = m;
    c.ticks[i] = units(row[5], spec.pricePrecision);
    c.lots[i] = units(row[6], spec.volumePrecision);
    c.dealLots[i] = row[7] === '0' ? 0 : units(row[7], spec.volumePrecision);
    const tif = tifNames.indexOf(row[16] as TimeInForceName);
    c.bits[i] =
      (row[3] === 'SELL' ? 1 : 0) |
      (Number(row[4]) === 2 ? 2 : 0) |
      (Number(row[17]) === 1 ? 4 : 0) |
      (Number(row[14]) === 1 ? 8 : 0) |
      ((tif === -1 ? 0 : tif) << 4);
    c.status[i] = Number(row[13]);
    c.reserve[i] = row[12] as string;
    c.created[i] = Number(row[18]);
    c.updated[i] = Number(row[19]);
    const dealMoney = row[8] as string;
    const fee = row[9] as string;
    const platformFee = row[10] as string;
    const platformFeeCoin = row[11] as string;
    const clientOrderId = row[15] as string | null;
    if (dealMoney !== '0' || fee !== '0' || platformFee !== '0' || platformFeeCoin !== '' || clientOrderId !== null) {
      c.extra.set(i, { dealMoney, fee, platformFee, platformFeeCoin, clientOrderId });
    }
    this.owners.add(userId);
    return m;
  }

  /** Id of the order just added. */
  idOfLast(): number {
    return this.columns.ids[this.columns.length - 1] as number;
  }

  ownerOfLast(): number {
    return this.columns.users[this.columns.length - 1] as number;
  }

  sellLast(): boolean {
    return ((this.columns.bits[this.columns.length - 1] as number) & 1) === 1;
  }

  /** Price in ticks of the order just added. */
  ticksOfLast(): number {
    return this.columns.ticks[this.columns.length - 1] as number;
  }

  /** Remaining lots of the order just added (for its place in the book). */
  remainingOfLast(): number {
    const i = this.columns.length - 1;
    return (this.columns.lots[i] as number) - (this.columns.dealLots[i] as number);
  }

  finish(into: OpenOrders): void {
    into.adopt(this.columns, this.specs);
  }
}
