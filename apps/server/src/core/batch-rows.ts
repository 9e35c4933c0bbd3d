import type { Insertable } from 'kysely';
import type { FuturesPriceKlinesTable } from '../db/tables/futures-prices.ts';
import type { BalancesTable, LedgerEntriesTable } from '../db/tables/ledger.ts';
import type { KlinesTable } from '../db/tables/market-data.ts';
import { isTradingCause } from '../ledger/accounts.ts';
import { ledgerOf, ledgerText } from '../ledger/ledger-units.ts';
import type { BalanceChange } from './balance-cache.ts';
import type { BatchEffects } from './batch-effects.ts';
import type { BatchTable, Row } from './batch-tables.ts';
import type { BalanceEvent, CoreEvent } from './core-events.ts';
import { futuresOrderRow, positionRow } from './futures/futures-state.ts';
import { loanRow } from './margin/margin-loans.ts';
import { orderRow } from './order-state.ts';

/**
 * What one batch writes, as plain rows taken when the batch is applied: the core goes on to the next batch before
 * this one commits, so nothing here may refer to the live (mutable) order or balance objects. Plain data, so it can
 * also cross to the SQLite writer thread. The rows are kept per table (batch-tables.ts says how each is written),
 * in the order they are written.
 */
export interface BatchRows {
  writes: TableRows[];
}

export interface TableRows {
  table: BatchTable;
  rows: Row[];
}

/** Other modules' rows that go through the core's writer, in order with its batches. */
export interface AlongsideRows {
  /** Market data's changed K-line candles and the last trade they include. */
  candles?: CandleRows;
  /** Sessions seen again (from the session store). */
  sessionTouches?: SessionTouch[];
  /** Old rows deleted, and the ledger rows that sum them (the demo's bots' pruned history). */
  prune?: PruneRows;
  /** Futures' index and mark price bars of the running minute (futures/contract-prices.ts). */
  priceBars?: Insertable<FuturesPriceKlinesTable>[];
}
/** Ids of rows to delete, by table, and the ledger rows that take the deleted ledger rows' place. */
export interface PruneRows {
  trades: number[];
  orders: number[];
  /** Of those, the futures fills and orders: their futures_fills and futures_orders rows go with them. */
  futuresTrades: number[];
  futuresOrders: number[];
  ledger: number[];
  opening: Insertable<LedgerEntriesTable>[];
}

export interface SessionTouch {
  /** The session's id (its token's hash). */
  id: string;
  lastSeenAt: number;
}

export interface CandleRows {
  rows: Insertable<KlinesTable>[];
  upToTrade: number;
}

/** The kline_progress row that says up to which trade the stored candles include. */
export const KLINE_PROGRESS = 'klines';

/** The writes of rows from outside the core, in the order they are written. */
export function alongsideWrites({ candles, sessionTouches, prune, priceBars }: AlongsideRows): TableRows[] {
  const writes: TableRows[] = [];
  const add = (table: BatchTable, rows: object[]) => {
    if (rows.length) writes.push({ table, rows: rows as Row[] });
  };
  if (prune) {
    add(
      'futures_fills:delete',
      prune.futuresTrades.map((trade_id) => ({ trade_id })),
    );
    add(
      'futures_orders:delete',
      prune.futuresOrders.map((order_id) => ({ order_id })),
    );
    add(
      'trades:delete',
      prune.trades.map((id) => ({ id })),
    );
    add(
      'orders:delete',
      prune.orders.map((id) => ({ id })),
    );
    add(
      'ledger_entries:delete',
      prune.ledger.map((id) => ({ id })),
    );
    add('ledger_entries', prune.opening);
  }
  if (candles) {
    add('klines', candles.rows);
    add('kline_progress', [{ name: KLINE_PROGRESS, last_trade_id: candles.upToTrade }]);
  }
  if (priceBars) add('futures_price_klines', priceBars);
  if (sessionTouches)
    add(
      'sessions:touch',
      sessionTouches.map((t) => ({ id: t.id, last_seen_at: t.lastSeenAt })),
    );
  return writes;
}

/** A changed balance as its stored row. */
export function balanceRow(
  b: BalanceChange,
  now: number,
): Insertable<BalancesTable> & { available: string; locked: string } {
  const available = ledgerText(b.balance.available);
  const locked = ledgerText(b.balance.locked);
  return { owner_id: b.ownerId, account: b.account, coin: b.coin, available, locked, updated_at: now };
}

/** The batch's rows, and the events to publish once they are committed. */
export function batchOutput(
  batch: BatchEffects,
  balances: BalanceChange[],
  now: number,
): { rows: BatchRows; events: CoreEvent[] } {
  const events: CoreEvent[] = [...batch.events];
  const balanceRows: Insertable<BalancesTable>[] = [];
  const moved = movedOutsideTrading(batch.ledger);
  for (const b of balances) {
    const row = balanceRow(b, now);
    const { available, locked } = row;
    balanceRows.push(row);
    const event: BalanceEvent = {
      type: 'balance',
      ownerId: b.ownerId,
      account: b.account,
      coin: b.coin,
      available,
      locked,
    };
    const delta = moved?.get(`${b.ownerId}|${b.account}|${b.coin}`);
    if (delta) event.moved = ledgerText(delta);
    events.push(event);
  }
  const orders = [...batch.rejected];
  for (const order of batch.orders.values()) {
    const row = orderRow(order);
    orders.push(row);
    events.push({
      type: 'order',
      orderId: order.id,
      userId: order.userId,
      symbol: order.spec.symbol,
      status: order.status,
      dealVolume: row.deal_volume,
      dealMoney: row.deal_money,
    });
  }
  for (const symbol of batch.touchedMarkets) events.push({ type: 'book', symbol });
  const writes: TableRows[] = [];
  const add = (table: BatchTable, rows: object[]) => {
    if (rows.length) writes.push({ table, rows: rows as Row[] });
  };
  add('orders', orders);
  add('trades', batch.trades);
  add('prevented_matches', batch.preventedMatches);
  add('ledger_entries', batch.ledger);
  add('balances', balanceRows);
  add('margin_loans', [...batch.loans.values()].map(loanRow));
  add('futures_positions', [...batch.positions.values()].map(positionRow));
  add('futures_orders', [...batch.futuresOrders.values()].map(futuresOrderRow));
  for (const [table, rows] of batch.inserts) add(table, rows);
  add(
    'core_inbox:done',
    batch.inboxDone.map((d) => ({ id: d.id, processed_at: now, result: d.result })),
  );
  add(
    'schedule_marks',
    [...batch.scheduleMarks].map(([task, doneUntil]) => ({ task, done_until: doneUntil })),
  );
  const rows: BatchRows = { writes };
  return { rows, events };
}

/** Per owner|account|coin, the net of the batch's postings that were not trading (null when there were none). */
function movedOutsideTrading(ledger: Insertable<LedgerEntriesTable>[]): Map<string, bigint> | null {
  let moved: Map<string, bigint> | null = null;
  for (const e of ledger) {
    if (isTradingCause(e.cause)) continue;
    moved ??= new Map();
    const key = `${e.owner_id}|${e.account}|${e.coin}`;
    moved.set(key, (moved.get(key) ?? 0n) + ledgerOf(e.delta));
  }
  return moved;
}

export const isEmptyBatch = (rows: BatchRows) => rows.writes.length === 0;
