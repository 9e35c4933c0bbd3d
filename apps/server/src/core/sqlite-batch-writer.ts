import type SQLite from 'better-sqlite3';
import type { BalanceChange } from './balance-cache.ts';
import type { BatchEffects } from './batch-effects.ts';
import { ORDER_UPDATE_COLUMNS, orderRow } from './order-state.ts';

/**
 * The batch writer's SQLite path: the same rows and upserts as the Kysely path in batch-writer.ts, written through
 * better-sqlite3 prepared statements cached per row shape, inside one synchronous transaction (one fsync).
 * Building a Kysely query per batch (parse, compile, a placeholder per value) cost more than the writes themselves.
 * The caller holds Kysely's connection while this runs, so no other query interleaves with the transaction.
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

/** Runs one row through the insert (or upsert) statement of its shape. */
function insert(sqlite: SQLite.Database, table: string, row: Row, conflict = ''): void {
  // As Kysely does, a column whose value is undefined is left out (it takes its default).
  const columns = Object.keys(row).filter((c) => row[c] !== undefined);
  const stmt = statement(sqlite, `${table}|${columns.join(',')}|${conflict}`, () => {
    const names = columns.map((c) => `"${c}"`).join(', ');
    const params = columns.map(() => '?').join(', ');
    return `insert into "${table}" (${names}) values (${params}) ${conflict}`;
  });
  const values = new Array(columns.length);
  for (let i = 0; i < columns.length; i++) values[i] = row[columns[i] as string];
  stmt.run(values);
}

const ORDER_CONFLICT = `on conflict ("id") do update set ${ORDER_UPDATE_COLUMNS.map((c) => `"${c}" = excluded."${c}"`).join(', ')}`;
const BALANCE_CONFLICT =
  'on conflict ("owner_id", "account", "coin") do update set "available" = excluded."available", ' +
  '"locked" = excluded."locked", "updated_at" = excluded."updated_at"';

export function writeBatchSqlite(
  sqlite: SQLite.Database,
  batch: BatchEffects,
  balances: BalanceChange[],
  now: number,
): void {
  sqlite.transaction(() => {
    for (const row of batch.rejected) insert(sqlite, 'orders', row as Row, ORDER_CONFLICT);
    for (const order of batch.orders.values()) insert(sqlite, 'orders', orderRow(order) as Row, ORDER_CONFLICT);
    for (const row of batch.trades) insert(sqlite, 'trades', row as Row);
    for (const row of batch.ledger) insert(sqlite, 'ledger_entries', row as Row);
    for (const b of balances) {
      insert(
        sqlite,
        'balances',
        {
          owner_id: b.ownerId,
          account: b.account,
          coin: b.coin,
          available: b.balance.available.toFixed(),
          locked: b.balance.locked.toFixed(),
          updated_at: now,
        },
        BALANCE_CONFLICT,
      );
    }
    if (batch.inboxDone.length) {
      const done = statement(
        sqlite,
        'core_inbox|done',
        () => 'update "core_inbox" set "processed_at" = ?, "result" = ? where "id" = ?',
      );
      for (const d of batch.inboxDone) done.run(now, d.result, d.id);
    }
  })();
}
