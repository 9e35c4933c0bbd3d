import type { Insertable } from 'kysely';
import type { LedgerEntriesTable } from '../db/tables/ledger.ts';
import type { OrdersTable, PreventedMatchesTable, TradesTable } from '../db/tables/trading.ts';
import type { BatchTable, Row } from './batch-tables.ts';
import type { CoreEvent } from './core-events.ts';
import type { FuturesOrder, FuturesPosition } from './futures/futures-state.ts';
import type { LoanRecord } from './margin/margin-loans.ts';
import type { OrderState } from './order-state.ts';

/** Everything one batch of commands changed: written in one transaction, then announced. */
export class BatchEffects {
  /** Orders created or changed, by id: the row is taken from their final state when the batch is written. */
  readonly orders = new Map<number, OrderState>();
  /** Orders refused by the core that carry a client order id, so a retry answers the same refusal. */
  readonly rejected: Insertable<OrdersTable>[] = [];
  readonly trades: Insertable<TradesTable>[] = [];
  readonly preventedMatches: Insertable<PreventedMatchesTable>[] = [];
  readonly ledger: Insertable<LedgerEntriesTable>[] = [];
  readonly inboxDone: { id: number; result: string }[] = [];
  /** Scheduled tasks whose commands this batch applied, and the moment each is now done until. */
  readonly scheduleMarks = new Map<string, number>();
  /** Margin loans changed, by id: the row is taken from their final state when the batch is written. */
  readonly loans = new Map<number, LoanRecord>();
  /** Futures positions and futures orders changed: rows from their final state when the batch is written. */
  readonly positions = new Map<number, FuturesPosition>();
  readonly futuresOrders = new Map<number, FuturesOrder>();
  /** Rows a product inserts as they are (margin's repayments and liquidations), by table, in order. */
  readonly inserts = new Map<BatchTable, Row[]>();
  readonly events: CoreEvent[] = [];
  readonly touchedMarkets = new Set<string>();

  insert(table: BatchTable, row: object): void {
    const rows = this.inserts.get(table);
    if (rows) rows.push(row as Row);
    else this.inserts.set(table, [row as Row]);
  }
}
