import Big from 'big.js';
import type { Insertable } from 'kysely';
import type { BalancesTable, LedgerEntriesTable } from '../db/tables/ledger.ts';
import type { KlinesTable } from '../db/tables/market-data.ts';
import type { OrdersTable, PreventedMatchesTable, TradesTable } from '../db/tables/trading.ts';
import { isTradingCause } from '../ledger/accounts.ts';
import type { BalanceChange } from './balance-cache.ts';
import type { BatchEffects } from './batch-effects.ts';
import type { BalanceEvent, CoreEvent } from './core-events.ts';
import { orderRow } from './order-state.ts';

/**
 * What one batch writes, as plain rows taken when the batch is applied: the core goes on to the next batch before
 * this one commits, so nothing here may refer to the live (mutable) order or balance objects. Plain data, so it can
 * also cross to the SQLite writer thread.
 */
export interface BatchRows {
  now: number;
  /** Upserted by id: orders created or changed, and refusals that carry a client order id. */
  orders: Insertable<OrdersTable>[];
  trades: Insertable<TradesTable>[];
  /** The matches self-trade prevention stopped (absent when none). */
  preventedMatches?: Insertable<PreventedMatchesTable>[];
  ledger: Insertable<LedgerEntriesTable>[];
  /** Upserted by (owner, account, coin). */
  balances: Insertable<BalancesTable>[];
  inboxDone: { id: number; result: string }[];
  /** Market data's changed K-line candles and the last trade they include (TradingCore.writeAlongside). */
  candles?: CandleRows;
  /** Sessions seen again (TradingCore.writeAlongside from the session store). */
  sessionTouches?: SessionTouch[];
  /** Old rows deleted, and the ledger rows that sum them (the demo's bots' pruned history). */
  prune?: PruneRows;
}

/** Other modules' rows that go through the core's writer, in order with its batches. */
export type AlongsideRows = Pick<BatchRows, 'candles' | 'sessionTouches' | 'prune'>;

/** Ids of rows to delete, by table, and the ledger rows that take the deleted ledger rows' place. */
export interface PruneRows {
  trades: number[];
  orders: number[];
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
    const available = b.balance.available.toFixed();
    const locked = b.balance.locked.toFixed();
    balanceRows.push({ owner_id: b.ownerId, account: b.account, coin: b.coin, available, locked, updated_at: now });
    const event: BalanceEvent = {
      type: 'balance',
      ownerId: b.ownerId,
      account: b.account,
      coin: b.coin,
      available,
      locked,
    };
    const delta = moved?.get(`${b.ownerId}|${b.account}|${b.coin}`);
    if (delta && !delta.eq(0)) event.moved = delta.toFixed();
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
  const rows = {
    now,
    orders,
    trades: batch.trades,
    ...(batch.preventedMatches.length ? { preventedMatches: batch.preventedMatches } : {}),
    ledger: batch.ledger,
    balances: balanceRows,
    inboxDone: batch.inboxDone,
  };
  return { rows, events };
}

/** Per owner|account|coin, the net of the batch's postings that were not trading (null when there were none). */
function movedOutsideTrading(ledger: Insertable<LedgerEntriesTable>[]): Map<string, Big> | null {
  let moved: Map<string, Big> | null = null;
  for (const e of ledger) {
    if (isTradingCause(e.cause)) continue;
    moved ??= new Map();
    const key = `${e.owner_id}|${e.account}|${e.coin}`;
    moved.set(key, (moved.get(key) ?? new Big(0)).plus(e.delta));
  }
  return moved;
}

export const isEmptyBatch = (rows: BatchRows) =>
  rows.orders.length === 0 &&
  rows.trades.length === 0 &&
  rows.ledger.length === 0 &&
  rows.balances.length === 0 &&
  rows.inboxDone.length === 0 &&
  rows.candles === undefined &&
  rows.sessionTouches === undefined &&
  rows.prune === undefined;
