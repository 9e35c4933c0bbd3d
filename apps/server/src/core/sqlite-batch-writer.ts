import type SQLite from 'better-sqlite3';
import type { BatchRows } from './batch-rows.ts';
import type { Row } from './batch-tables.ts';
import { batchTables, type TableWrite } from './batch-tables.ts';

/**
 * The batch writer's SQLite path: the same rows, written as batch-tables.ts says, as the Kysely path in batch-writer.ts, through
 * better-sqlite3 prepared statements cached per row shape, inside one synchronous transaction (one fsync).
 * Building a Kysely query per batch (parse, compile, a placeholder per value) cost more than the writes themselves.
 * It runs on the writer thread's own connection (core-writer.ts), or on Kysely's connection while holding it.
 */
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

/** The statement suffix of an upsert: on a conflict over its key, its set columns take the new values. */
const conflictClauses = new Map<TableWrite, string>();
function conflictOf(spec: TableWrite): string {
  let clause = conflictClauses.get(spec);
  if (clause === undefined) {
    const key = (spec.key ?? []).map((c) => `"${c}"`).join(', ');
    const set = (spec.set ?? []).map((c) => `"${c}" = excluded."${c}"`).join(', ');
    clause = `on conflict (${key}) do update set ${set}`;
    conflictClauses.set(spec, clause);
  }
  return clause;
}

/** An update or delete of one row by its key: the set columns' values, then the key's. */
function byKey(sqlite: SQLite.Database, name: string, spec: TableWrite, row: Row): void {
  const key = spec.key ?? [];
  const set = spec.write === 'update' ? (spec.set ?? []) : [];
  const stmt = statement(sqlite, name, () => {
    const where = key.map((c) => `"${c}" = ?`).join(' and ');
    return spec.write === 'delete'
      ? `delete from "${spec.table}" where ${where}`
      : `update "${spec.table}" set ${set.map((c) => `"${c}" = ?`).join(', ')} where ${where}`;
  });
  stmt.run([...set.map((c) => row[c]), ...key.map((c) => row[c])]);
}

/**
 * Writes batches (in order) in one IMMEDIATE transaction: the write lock is taken at BEGIN, so another connection's
 * writer makes this one wait (busy_timeout) instead of failing half-way.
 */
export function writeBatchesSqlite(sqlite: SQLite.Database, batches: readonly BatchRows[]): void {
  sqlite
    .transaction(() => {
      for (const batch of batches) {
        for (const { table, rows } of batch.writes) {
          const spec: TableWrite = batchTables[table];
          if (spec.write === 'insert') for (const row of rows) insert(sqlite, spec.table, row);
          else if (spec.write === 'upsert') for (const row of rows) insert(sqlite, spec.table, row, conflictOf(spec));
          else for (const row of rows) byKey(sqlite, table, spec, row);
        }
      }
    })
    .immediate();
}
