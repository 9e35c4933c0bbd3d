import { openOrderStatuses } from '@opex/contract/calls/order';
import { type Kysely, sql } from 'kysely';
import type { Database } from '../db/schema.ts';
import type { Account } from '../ledger/accounts.ts';
import type { MarketSpec } from './market-spec.ts';
import type { TimeInForceName } from './order-rules.ts';

/**
 * The fields of an open order the core reads, joined by commas into one text per row (concat_ws, in SQLite and
 * PostgreSQL): one value per row costs the driver far less than twenty, and the loader reads the text in place.
 * The client order id, any text or NULL (which concat_ws leaves out), comes last after the platform-fee coin, whose
 * symbols have no comma: a comma after the coin starts the client order id, up to the end.
 */
export const OPEN_ORDER_FIELDS = [
  'id',
  'user_id',
  'symbol',
  'side',
  'type',
  'price',
  'volume',
  'deal_volume',
  'reserve',
  'status',
  'time_in_force',
  'post_only',
  'closed_by_exchange',
  'trigger_kind',
  'trigger_price',
  'created_at',
  'updated_at',
  'account',
  'deal_money',
  'fee',
  'platform_fee',
  'platform_fee_coin',
  'client_order_id',
] as const;

/** The open orders in id order (their time priority): rows of one `line` (OPEN_ORDER_FIELDS). */
export function openOrdersQuery(db: Kysely<Database>) {
  const fields = sql.join(OPEN_ORDER_FIELDS.map((f) => sql.ref(f)));
  return db
    .selectFrom('orders')
    .select(sql<string>`concat_ws(',', ${fields})`.as('line'))
    .where('status', 'in', [...openOrderStatuses])
    .orderBy('id');
}

/** The rest of an order's line when nothing is filled yet: deal money, fee, platform fee 0, no coin, no client id. */
export const NOTHING_FILLED = '0,0,0,';
export const EXCHANGE = 'exchange';
export const tifNames: TimeInForceName[] = ['GTC', 'IOC', 'FOK'];

/** What an order read at start holds besides numbers, when it is not the common "nothing filled yet". */
export interface Extra {
  dealMoney: string;
  fee: string;
  platformFee: string;
  platformFeeCoin: string;
  clientOrderId: string | null;
}

/** Loaded orders in id order: column i of every array is one order. */
export class Columns {
  length = 0;
  ids: Float64Array;
  users: Float64Array;
  ticks: Float64Array;
  lots: Float64Array;
  dealLots: Float64Array;
  created: Float64Array;
  updated: Float64Array;
  /** In units of the lock coin's amounts (10^-(p+v) for a buy, 10^-v for a sell); NaN: see reserveText. */
  reserve: Float64Array;
  market: Uint16Array;
  /** bit 0 sell, bit 1 market order, bit 2 post-only, bit 3 closed by exchange, bits 4-5 time in force. */
  bits: Uint8Array;
  status: Uint8Array;
  /** 1 once the order became an OrderState (or left). */
  gone: Uint8Array;
  /** Reserves that are not a safe integer in those units, as stored. */
  reserveText = new Map<number, string>();
  /** Stop-limit orders (rare): trigger kind and price in ticks, by index. */
  triggers = new Map<number, { kind: number; ticks: number }>();
  extra = new Map<number, Extra>();
  /** Orders on another account than the exchange account (margin's), by index. */
  accounts = new Map<number, Account>();

  constructor(capacity: number) {
    this.ids = new Float64Array(capacity);
    this.users = new Float64Array(capacity);
    this.ticks = new Float64Array(capacity);
    this.lots = new Float64Array(capacity);
    this.dealLots = new Float64Array(capacity);
    this.created = new Float64Array(capacity);
    this.updated = new Float64Array(capacity);
    this.reserve = new Float64Array(capacity);
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
    this.reserve = copy(this.reserve, (n) => new Float64Array(n));
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

/** Digits of a reserve's units: a buy locks quote (price × volume), a sell its volume. */
export const reserveDigits = (spec: MarketSpec, sell: boolean) =>
  sell ? spec.volumePrecision : spec.pricePrecision + spec.volumePrecision;
