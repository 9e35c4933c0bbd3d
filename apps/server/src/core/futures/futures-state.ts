import { openOrderStatuses } from '@opex/contract/calls/order';
import type { Insertable, Kysely, Selectable } from 'kysely';
import type { Database } from '../../db/schema.ts';
import type { FuturesOrdersTable, FuturesPositionsTable } from '../../db/tables/futures.ts';
import { ledgerOf, ledgerText } from '../../ledger/ledger-units.ts';

/**
 * The futures book-keeping the core holds beside the order books: open positions and what each open futures order
 * means for them. Both are loaded on start and written per batch (futures_positions, futures_orders).
 *
 * A position is one user's in one contract: in one-way mode a single net position (`both`: long above zero, short
 * below), in hedge mode a `long` and a `short` one side by side. Its margin is held in the user's co account's
 * locked balance, as the open orders' reserves are; realized PnL is paid by and to the clearing account.
 */
export type PositionSide = 'both' | 'long' | 'short';

export interface FuturesPosition {
  id: number;
  userId: number;
  /** The contract's market symbol (`e-btc-usdt`). */
  symbol: string;
  contractId: number;
  positionSide: PositionSide;
  /** Signed whole contracts: long above zero. */
  qty: bigint;
  /** Average entry price, ledger units (contract-value.ts). */
  entry: bigint;
  leverage: number;
  /** 1 cross, 2 isolated (the original's codes). */
  marginMode: number;
  /** Margin held for it (locked in the co account). */
  margin: bigint;
  realized: bigint;
  fee: bigint;
  funding: bigint;
  /**
   * The largest size it reached, signed as the position (a closed one keeps its side and entry this way), and what
   * closing it brought: the position history's volume and close price.
   */
  maxQty: bigint;
  closedQty: bigint;
  /** Sum of price x contracts of its closing fills (the average close price's numerator). */
  closeTurnover: bigint;
  open: boolean;
  openedAt: number;
  updatedAt: number;
}

/** What a futures order is to its position, fixed when it is placed. */
export interface FuturesIntent {
  positionSide: PositionSide;
  reduceOnly: boolean;
  leverage: number;
  marginMode: number;
  /** The original's order type: 1 limit, 2 market, 3 IOC, 4 FOK, 5 post-only, 6 forced (liquidation). */
  kind: number;
}

export interface FuturesOrder extends FuturesIntent {
  orderId: number;
  userId: number;
  symbol: string;
  /** Contracts of the order that are to close a position before any opens one (what its reserve does not cover). */
  reduceLeft: bigint;
  /** PnL its closing fills realized. */
  realized: bigint;
}

/** The original's order type of a liquidation's order. */
export const FORCED = 6;

/** The ledger memo of a liquidated position's realized PnL and clearance (forced or auto-deleveraged close). */
export const LIQUIDATION_MEMO = 'liquidation';

export const positionKey = (userId: number, symbol: string, side: PositionSide) => `${userId}|${symbol}|${side}`;

export class FuturesState {
  readonly positions = new Map<string, FuturesPosition>();
  readonly orders = new Map<number, FuturesOrder>();
  /** Open reduce-only orders by the position they close (positionKey): what is closable is the rest. */
  readonly reducing = new Map<string, Set<number>>();
  /** Open positions' keys by contract symbol: what a contract's risk check and funding go through. */
  readonly bySymbol = new Map<string, Set<string>>();
  /** The mark price of each contract as the last risk check carried it (ledger units). */
  readonly marks = new Map<string, bigint>();
  /** Positions announced as near liquidation (a margin call), until they move away. */
  readonly warned = new Set<number>();
  /** Positions set or ended, and users whose co balance moved, since the liquidation index last read them. */
  readonly changed = new Set<string>();
  readonly movedUsers = new Set<number>();
  /** Positions a command's fills changed, for the reduce-only check at its end (futures-commands.ts). */
  readonly touched = new Set<string>();
  /**
   * Contracts delivered since the start (futures-delivery.ts): their book stays in the core until a successor takes
   * its name, and a delivery sent twice must not settle again. After a restart a delivered contract has no book.
   */
  readonly delivered = new Set<number>();
  nextPositionId = 1;

  setPosition(p: FuturesPosition): void {
    const key = positionKey(p.userId, p.symbol, p.positionSide);
    this.positions.set(key, p);
    this.changed.add(key);
    const keys = this.bySymbol.get(p.symbol);
    if (keys) keys.add(key);
    else this.bySymbol.set(p.symbol, new Set([key]));
  }

  deletePosition(p: FuturesPosition): void {
    const key = positionKey(p.userId, p.symbol, p.positionSide);
    this.positions.delete(key);
    this.changed.add(key);
    this.bySymbol.get(p.symbol)?.delete(key);
  }

  /** The open positions of one contract. */
  *positionsOf(symbol: string): IterableIterator<FuturesPosition> {
    for (const key of this.bySymbol.get(symbol) ?? []) yield this.positions.get(key) as FuturesPosition;
  }

  addOrder(order: FuturesOrder): void {
    this.orders.set(order.orderId, order);
    if (!order.reduceOnly) return;
    const key = positionKey(order.userId, order.symbol, order.positionSide);
    const set = this.reducing.get(key);
    if (set) set.add(order.orderId);
    else this.reducing.set(key, new Set([order.orderId]));
  }

  removeOrder(orderId: number): void {
    const order = this.orders.get(orderId);
    if (!order) return;
    this.orders.delete(orderId);
    const key = positionKey(order.userId, order.symbol, order.positionSide);
    const set = this.reducing.get(key);
    set?.delete(orderId);
    if (set?.size === 0) this.reducing.delete(key);
  }

  /** Contracts the open reduce-only orders of a position still close. */
  closing(key: string): bigint {
    let sum = 0n;
    for (const id of this.reducing.get(key) ?? []) sum += (this.orders.get(id) as FuturesOrder).reduceLeft;
    return sum;
  }

  position(userId: number, symbol: string, side: PositionSide): FuturesPosition | undefined {
    return this.positions.get(positionKey(userId, symbol, side));
  }

  owners(): number[] {
    return [...new Set([...this.positions.values()].map((p) => p.userId))];
  }

  /** Open positions and the futures facts of open orders (`openIds`: the core's open order ids). */
  static async load(db: Kysely<Database>): Promise<FuturesState> {
    const state = new FuturesState();
    const [positions, orders, maxId] = await Promise.all([
      db.selectFrom('futures_positions').selectAll().where('open', '=', 1).execute(),
      db
        .selectFrom('futures_orders')
        .innerJoin('orders', 'orders.id', 'futures_orders.order_id')
        .selectAll('futures_orders')
        .where('orders.status', 'in', [...openOrderStatuses])
        .execute(),
      db
        .selectFrom('futures_positions')
        .select((eb) => eb.fn.max('id').as('id'))
        .executeTakeFirst(),
    ]);
    for (const row of positions) {
      const p = positionFromRow(row);
      state.setPosition(p);
    }
    for (const row of orders) state.addOrder(futuresOrderFromRow(row));
    state.nextPositionId = Number(maxId?.id ?? 0) + 1;
    return state;
  }
}

export const POSITION_UPDATE_COLUMNS = [
  'qty',
  'leverage',
  'entry',
  'margin',
  'realized',
  'fee',
  'funding',
  'max_qty',
  'closed_qty',
  'close_turnover',
  'open',
  'updated_at',
] as const;

export function positionRow(p: FuturesPosition): Insertable<FuturesPositionsTable> {
  return {
    id: p.id,
    user_id: p.userId,
    symbol: p.symbol,
    contract_id: p.contractId,
    position_side: p.positionSide,
    qty: p.qty.toString(),
    entry: ledgerText(p.entry),
    leverage: p.leverage,
    margin_mode: p.marginMode,
    margin: ledgerText(p.margin),
    realized: ledgerText(p.realized),
    fee: ledgerText(p.fee),
    funding: ledgerText(p.funding),
    max_qty: p.maxQty.toString(),
    closed_qty: p.closedQty.toString(),
    close_turnover: ledgerText(p.closeTurnover),
    open: p.open ? 1 : 0,
    opened_at: p.openedAt,
    updated_at: p.updatedAt,
  };
}

export function positionFromRow(row: Selectable<FuturesPositionsTable>): FuturesPosition {
  return {
    id: Number(row.id),
    userId: Number(row.user_id),
    symbol: row.symbol,
    contractId: Number(row.contract_id),
    positionSide: row.position_side as PositionSide,
    qty: BigInt(row.qty),
    entry: ledgerOf(row.entry),
    leverage: row.leverage,
    marginMode: row.margin_mode,
    margin: ledgerOf(row.margin),
    realized: ledgerOf(row.realized),
    fee: ledgerOf(row.fee),
    funding: ledgerOf(row.funding),
    maxQty: BigInt(row.max_qty),
    closedQty: BigInt(row.closed_qty),
    closeTurnover: ledgerOf(row.close_turnover),
    open: row.open === 1,
    openedAt: Number(row.opened_at),
    updatedAt: Number(row.updated_at),
  };
}

export const FUTURES_ORDER_UPDATE_COLUMNS = ['reduce_left', 'realized', 'leverage'] as const;

export function futuresOrderRow(o: FuturesOrder): Insertable<FuturesOrdersTable> {
  return {
    order_id: o.orderId,
    user_id: o.userId,
    symbol: o.symbol,
    position_side: o.positionSide,
    reduce_only: o.reduceOnly ? 1 : 0,
    leverage: o.leverage,
    margin_mode: o.marginMode,
    kind: o.kind,
    reduce_left: o.reduceLeft.toString(),
    realized: ledgerText(o.realized),
  };
}

function futuresOrderFromRow(row: Selectable<FuturesOrdersTable>): FuturesOrder {
  return {
    orderId: Number(row.order_id),
    userId: Number(row.user_id),
    symbol: row.symbol,
    positionSide: row.position_side as PositionSide,
    reduceOnly: row.reduce_only === 1,
    leverage: row.leverage,
    marginMode: row.margin_mode,
    kind: row.kind,
    reduceLeft: BigInt(row.reduce_left),
    realized: ledgerOf(row.realized),
  };
}
