import fs from 'node:fs';
import path from 'node:path';
import SQLite from 'better-sqlite3';
import {
  CompiledQuery,
  type DatabaseConnection,
  Kysely,
  PostgresDialect,
  SqliteDialect,
  type SqliteDialectConfig,
  SqliteDriver,
} from 'kysely';
import pg from 'pg';
import type { Database } from './schema.ts';

export type Dialect = 'sqlite' | 'postgres';

export interface DatabaseHandle {
  db: Kysely<Database>;
  dialect: Dialect;
  /**
   * The SQLite connection under `db` (SQLite only), for the trading core's hot write path; use it only while
   * holding Kysely's connection (db.connection().execute), so no other query interleaves.
   */
  sqlite?: SQLite.Database;
  close(): Promise<void>;
}

// Ids and epoch-millisecond timestamps are bigint columns; both stay far below 2^53, so numbers are exact.
// Money is never stored in them: amounts are decimal strings.
pg.types.setTypeParser(20, (value) => Number(value));

export interface DatabaseOptions {
  /** postgres://... selects PostgreSQL; otherwise SQLite at `sqliteFile` (or in memory with ':memory:'). */
  databaseUrl?: string | undefined;
  sqliteFile?: string;
  /** PostgreSQL schema to use (tests isolate themselves in one each). */
  pgSchema?: string;
}

export function openDatabase(options: DatabaseOptions): DatabaseHandle {
  if (options.databaseUrl) return openPostgres(options.databaseUrl, options.pgSchema);
  return openSqlite(options.sqliteFile ?? ':memory:');
}

/** A connection to the SQLite file with the settings every connection to it needs (the core's writer thread opens one too). */
export function openSqliteConnection(file: string): SQLite.Database {
  if (file !== ':memory:') fs.mkdirSync(path.dirname(file), { recursive: true });
  const sqlite = new SQLite(file);
  // WAL for concurrent readers; FULL so an acknowledged commit survives power loss.
  sqlite.pragma('journal_mode = WAL');
  sqlite.pragma('synchronous = FULL');
  sqlite.pragma('foreign_keys = ON');
  // The core's writer thread and this connection take turns at the write lock: wait for it rather than fail.
  sqlite.pragma('busy_timeout = 5000');
  return sqlite;
}

function openSqlite(file: string): DatabaseHandle {
  const sqlite = openSqliteConnection(file);
  const db = new Kysely<Database>({ dialect: new ImmediateSqliteDialect({ database: sqlite }) });
  return { db, dialect: 'sqlite', sqlite, close: () => db.destroy() };
}

/**
 * Transactions BEGIN IMMEDIATE: with a second connection writing (the core's writer thread), a transaction that
 * reads and then writes would otherwise fail at its first write if the other committed in between (SQLITE_BUSY,
 * not retried); taking the write lock at BEGIN makes it wait its turn instead.
 */
class ImmediateSqliteDialect extends SqliteDialect {
  constructor(private readonly settings: SqliteDialectConfig) {
    super(settings);
  }

  override createDriver() {
    return new (class extends SqliteDriver {
      override async beginTransaction(connection: DatabaseConnection) {
        await connection.executeQuery(CompiledQuery.raw('begin immediate'));
      }
    })(this.settings);
  }
}

function openPostgres(url: string, schema?: string): DatabaseHandle {
  const pool = new pg.Pool({
    connectionString: url,
    max: 10,
    ...(schema ? { options: `-c search_path=${schema}` } : {}),
  });
  const db = new Kysely<Database>({ dialect: new PostgresDialect({ pool }) });
  return { db, dialect: 'postgres', close: () => db.destroy() };
}
