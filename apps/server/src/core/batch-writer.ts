import { type Kysely, sql } from 'kysely';
import type { Database } from '../db/schema.ts';
import type { BatchRows } from './batch-rows.ts';
import type { Row } from './batch-tables.ts';
import { batchTables, type TableWrite } from './batch-tables.ts';

/**
 * Writes one batch's rows in ONE transaction through Kysely (PostgreSQL, and SQLite when the core has stopped), each
 * table as batch-tables.ts says, in as few multi-row statements as the parameter limit allows (65535). Group
 * commit: the whole batch costs one fsync. The core's SQLite writer writes the same rows through cached prepared
 * statements instead (sqlite-batch-writer.ts).
 */
const MAX_PARAMS = 30_000;

// biome-ignore lint/suspicious/noExplicitAny: tables are named by the batch-tables data, not by literal types
type AnyDb = Kysely<any>;

export async function writeBatch(db: Kysely<Database>, batch: BatchRows): Promise<void> {
  await db.transaction().execute(async (trx) => {
    for (const { table, rows } of batch.writes) await writeRows(trx as AnyDb, batchTables[table], rows);
  });
}

async function writeRows(trx: AnyDb, spec: TableWrite, rows: Row[]): Promise<void> {
  const key = spec.key ?? [];
  const set = spec.set ?? [];
  if (spec.write === 'delete') {
    for (let i = 0; i < rows.length; i += MAX_PARAMS) {
      const ids = rows.slice(i, i + MAX_PARAMS).map((r) => r[key[0] as string]);
      await trx
        .deleteFrom(spec.table)
        .where(key[0] as string, 'in', ids)
        .execute();
    }
    return;
  }
  if (spec.write === 'update') {
    for (const row of rows) {
      let query = trx.updateTable(spec.table).set(Object.fromEntries(set.map((c) => [c, row[c]])));
      for (const k of key) query = query.where(k, '=', row[k]);
      await query.execute();
    }
    return;
  }
  for (const chunk of chunks(rows)) {
    const insert = trx.insertInto(spec.table).values(chunk);
    if (spec.write === 'insert') await insert.execute();
    else {
      await insert
        .onConflict((oc) =>
          oc.columns(key as string[]).doUpdateSet(Object.fromEntries(set.map((c) => [c, sql.ref(`excluded.${c}`)]))),
        )
        .execute();
    }
  }
}

function* chunks(rows: Row[]): Generator<Row[]> {
  if (rows.length === 0) return;
  const perRow = Object.keys(rows[0] as object).length;
  const size = Math.max(1, Math.floor(MAX_PARAMS / perRow));
  for (let i = 0; i < rows.length; i += size) yield rows.slice(i, i + size);
}
