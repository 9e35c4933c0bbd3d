import type { ColumnDefinitionBuilder, CreateTableBuilder } from 'kysely';
import type { Dialect } from '../database.ts';

/**
 * Column conventions shared by every migration, so both dialects get the same schema:
 * ids are auto-increment integers, timestamps are epoch milliseconds (bigint), flags are 0/1 integers,
 * money is a decimal string (text) that only exact code ever does arithmetic on.
 */
export function withId<T extends string>(table: CreateTableBuilder<T, never>, dialect: Dialect) {
  return dialect === 'postgres'
    ? table.addColumn('id', 'bigserial', (c) => c.primaryKey())
    : table.addColumn('id', 'integer', (c) => c.primaryKey().autoIncrement());
}

export const notNull = (c: ColumnDefinitionBuilder) => c.notNull();
