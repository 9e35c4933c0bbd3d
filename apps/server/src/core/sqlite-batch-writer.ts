import type SQLite from 'better-sqlite3';
import type { BatchRows } from './batch-rows.ts';
import { KLINE_PROGRESS } from './candle-writes.ts';
import { ORDER_UPDATE_COLUMNS } from './order-state.ts';

/**
 * The batch writer's SQLite path: the same rows and upserts as the Kysely path in batch-writer.ts, written through
 * better-sqlite3 prepared statements cached per row shape, inside one synchronous transaction (one fsync).
 * Building a Kysely query per batch (parse, compile, a placeholder per value) cost more than the writes themselves.
 * It runs on the writer thread's own connection (core-writer.ts), or on Kysely's connection while holding it.
 */
type Row = Record<string, unknown>;

const caches = new WeakMap<SQLite.Database, Map<string, SQLite.Statement>>();

function statement(sqlite: SQLite.Database, key: string, sql: () => string): SQLite.Statement {
  let cache = caches.get(sqlite);
  if (!cache) {
    cache = new Map();
    caches.set(sqlite, cache);
  }
  let stmt = cache.get(key);
  if (!stmt) {
    stmt = sqlite.prepare(sql());
    cache.set(key, stmt);
  }
  return stmt;
}

/** A prepared insert and the columns it binds, in order. */
interface Shape {
  columns: string[];
  stmt: SQLite.Statement;
}
const lastShapes = new WeakMap<SQLite.Database, Map<string, Shape>>();

/** True when the row's defined columns are exactly `columns`, in order (no array or string built per row). */
function hasShape(row: Row, columns: string[]): boolean {
  let i = 0;
  for (const c in row) {
    if (row[c] === undefined) continue;
    if (columns[i++] !== c) return false;
  }
  return i === columns.length;
}

/**
 * Runs one row through the insert (or upsert) statement of its shape. A table's rows nearly always have one shape:
 * the last shape used per table is checked first, so the common row costs no key list and no cache key.
 */
function insert(sqlite: SQLite.Database, table: string, row: Row, conflict = ''): void {
  let shapes = lastShapes.get(sqlite);
  if (!shapes) {
    shapes = new Map();
    lastShapes.set(sqlite, shapes);
  }
  const tableKey = `${table}|${conflict}`;
  let shape = shapes.get(tableKey);
  if (!shape || !hasShape(row, shape.columns)) {
    // As Kysely does, a column whose value is undefined is left out (it takes its default).
    const columns = Object.keys(row).filter((c) => row[c] !== undefined);
    const stmt = statement(sqlite, `${tableKey}|${columns.join(',')}`, () => {
      const names = columns.map((c) => `"${c}"`).join(', ');
      const params = columns.map(() => '?').join(', ');
      return `insert into "${table}" (${names}) values (${params}) ${conflict}`;
    });
    shape = { columns, stmt };
    shapes.set(tableKey, shape);
  }
  const { columns, stmt } = shape;
  const values = new Array(columns.length);
  for (let i = 0; i < columns.length; i++) values[i] = row[columns[i] as string];
  stmt.run(values);
}

const ORDER_CONFLICT = `on conflict ("id") do update set ${ORDER_UPDATE_COLUMNS.map((c) => `"${c}" = excluded."${c}"`).join(', ')}`;
const KLINE_CONFLICT =
  'on conflict ("symbol", "period", "open_time") do update set "open" = excluded."open", "high" = excluded."high", ' +
  '"low" = excluded."low", "close" = excluded."close", "vol" = excluded."vol", "amount" = excluded."amount", ' +
  '"updated_at" = excluded."updated_at"';
const PROGRESS_CONFLICT = 'on conflict ("name") do update set "last_trade_id" = excluded."last_trade_id"';
const BALANCE_CONFLICT =
  'on conflict ("owner_id", "account", "coin") do update set "available" = excluded."available", ' +
  '"locked" = excluded."locked", "updated_at" = excluded."updated_at"';

/**
 * Writes batches (in order) in one IMMEDIATE transaction: the write lock is taken at BEGIN, so another connection's
 * writer makes this one wait (busy_timeout) instead of failing half-way.
 */
export function writeBatchesSqlite(sqlite: SQLite.Database, batches: readonly BatchRows[]): void {
  sqlite
    .transaction(() => {
      for (const batch of batches) {
        if (batch.prune) {
          for (const [table, ids] of [
            ['trades', batch.prune.trades],
            ['orders', batch.prune.orders],
            ['ledger_entries', batch.prune.ledger],
          ] as const) {
            const remove = statement(sqlite, `${table}|delete`, () => `delete from "${table}" where "id" = ?`);
            for (const id of ids) remove.run(id);
          }
          for (const row of batch.prune.opening) insert(sqlite, 'ledger_entries', row as Row);
        }
        for (const row of batch.orders) insert(sqlite, 'orders', row as Row, ORDER_CONFLICT);
        for (const row of batch.trades) insert(sqlite, 'trades', row as Row);
        for (const row of batch.preventedMatches ?? []) insert(sqlite, 'prevented_matches', row as Row);
        for (const row of batch.ledger) insert(sqlite, 'ledger_entries', row as Row);
        for (const row of batch.balances) insert(sqlite, 'balances', row as Row, BALANCE_CONFLICT);
        if (batch.inboxDone.length) {
          const done = statement(
            sqlite,
            'core_inbox|done',
            () => 'update "core_inbox" set "processed_at" = ?, "result" = ? where "id" = ?',
          );
          for (const d of batch.inboxDone) done.run(batch.now, d.result, d.id);
        }
        if (batch.candles) {
          for (const row of batch.candles.rows) insert(sqlite, 'klines', row as Row, KLINE_CONFLICT);
          insert(
            sqlite,
            'kline_progress',
            { name: KLINE_PROGRESS, last_trade_id: batch.candles.upToTrade },
            PROGRESS_CONFLICT,
          );
        }
        if (batch.sessionTouches) {
          const touch = statement(
            sqlite,
            'sessions|touch',
            () => 'update "sessions" set "last_seen_at" = ? where "id" = ?',
          );
          for (const t of batch.sessionTouches) touch.run(t.lastSeenAt, t.id);
        }
      }
    })
    .immediate();
}
