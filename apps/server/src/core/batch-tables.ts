import type { Database } from '../db/schema.ts';
import { FUTURES_ORDER_UPDATE_COLUMNS, POSITION_UPDATE_COLUMNS } from './futures/futures-state.ts';
import { ORDER_UPDATE_COLUMNS } from './order-state.ts';

/**
 * How each kind of row a batch carries is written, as data: both batch writers (Kysely for PostgreSQL, prepared
 * statements for SQLite) read only this table, so a product that stores rows through the core (margin's loans,
 * futures' positions) adds a line here and never touches a writer.
 *
 * - insert: the rows as they are.
 * - upsert: inserted, or on a conflict over `key` the `set` columns take the new values.
 * - update: `set` columns of the row whose `key` columns match.
 * - delete: the row whose `key` (its one id column) matches.
 */
export interface TableWrite {
  table: keyof Database;
  write: 'insert' | 'upsert' | 'update' | 'delete';
  key?: readonly string[];
  set?: readonly string[];
}

export const batchTables = {
  'trades:delete': { table: 'trades', write: 'delete', key: ['id'] },
  'orders:delete': { table: 'orders', write: 'delete', key: ['id'] },
  'ledger_entries:delete': { table: 'ledger_entries', write: 'delete', key: ['id'] },
  'futures_fills:delete': { table: 'futures_fills', write: 'delete', key: ['trade_id'] },
  'futures_orders:delete': { table: 'futures_orders', write: 'delete', key: ['order_id'] },
  orders: { table: 'orders', write: 'upsert', key: ['id'], set: ORDER_UPDATE_COLUMNS },
  trades: { table: 'trades', write: 'insert' },
  prevented_matches: { table: 'prevented_matches', write: 'insert' },
  ledger_entries: { table: 'ledger_entries', write: 'insert' },
  balances: {
    table: 'balances',
    write: 'upsert',
    key: ['owner_id', 'account', 'coin'],
    set: ['available', 'locked', 'updated_at'],
  },
  margin_loans: {
    table: 'margin_loans',
    write: 'upsert',
    key: ['id'],
    set: ['principal', 'interest', 'remainder', 'accrued_until', 'posted', 'interest_paid', 'status', 'updated_at'],
  },
  margin_repayments: { table: 'margin_repayments', write: 'insert' },
  futures_positions: { table: 'futures_positions', write: 'upsert', key: ['id'], set: POSITION_UPDATE_COLUMNS },
  futures_fills: { table: 'futures_fills', write: 'insert' },
  futures_liquidations: { table: 'futures_liquidations', write: 'insert' },
  futures_deliveries: { table: 'futures_deliveries', write: 'insert' },
  // A delivered contract's status, in the delivery's own transaction: a restart never delivers it twice.
  'contracts:status': { table: 'contracts', write: 'update', key: ['id'], set: ['status', 'updated_at'] },
  futures_orders: { table: 'futures_orders', write: 'upsert', key: ['order_id'], set: FUTURES_ORDER_UPDATE_COLUMNS },
  margin_liquidations: { table: 'margin_liquidations', write: 'insert' },
  // Upserts: a moment sent twice (a scheduler that lost its lease mid-run) writes the same row again.
  funding_samples: { table: 'funding_samples', write: 'upsert', key: ['contract_id', 'at'], set: ['premium'] },
  funding_rates: {
    table: 'funding_rates',
    write: 'upsert',
    key: ['contract_id', 'funding_time'],
    set: ['rate', 'mark', 'samples'],
  },
  futures_price_klines: {
    table: 'futures_price_klines',
    write: 'upsert',
    key: ['contract_id', 'kind', 'open_time'],
    set: ['high', 'low', 'close'],
  },
  'core_inbox:done': { table: 'core_inbox', write: 'update', key: ['id'], set: ['processed_at', 'result'] },
  schedule_marks: { table: 'schedule_marks', write: 'upsert', key: ['task'], set: ['done_until'] },
  klines: {
    table: 'klines',
    write: 'upsert',
    key: ['symbol', 'period', 'open_time'],
    set: ['open', 'high', 'low', 'close', 'vol', 'amount', 'updated_at'],
  },
  kline_progress: { table: 'kline_progress', write: 'upsert', key: ['name'], set: ['last_trade_id'] },
  'sessions:touch': { table: 'sessions', write: 'update', key: ['id'], set: ['last_seen_at'] },
} as const satisfies Record<string, TableWrite>;

export type BatchTable = keyof typeof batchTables;
/** One row to write, as plain data (it may cross to the SQLite writer thread). */
export type Row = Record<string, unknown>;
