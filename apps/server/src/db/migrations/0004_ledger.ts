import type { Kysely, Migration } from 'kysely';
import type { Dialect } from '../database.ts';
import { withId } from './columns.ts';

/**
 * Balances per owner, account type and coin, and the double-entry ledger behind them.
 * Owner 0 is the exchange itself (fee, external, insurance accounts). Amounts are exact decimal strings.
 */
export default (dialect: Dialect): Migration => ({
  // biome-ignore lint/suspicious/noExplicitAny: migrations run before the typed schema exists
  async up(db: Kysely<any>) {
    await db.schema
      .createTable('balances')
      .addColumn('owner_id', 'bigint', (c) => c.notNull())
      .addColumn('account', 'varchar(20)', (c) => c.notNull())
      .addColumn('coin', 'varchar(20)', (c) => c.notNull())
      .addColumn('available', 'text', (c) => c.notNull())
      .addColumn('locked', 'text', (c) => c.notNull())
      .addColumn('updated_at', 'bigint', (c) => c.notNull())
      .addPrimaryKeyConstraint('balances_pk', ['owner_id', 'account', 'coin'])
      .execute();
    await withId(db.schema.createTable('ledger_entries'), dialect)
      .addColumn('owner_id', 'bigint', (c) => c.notNull())
      .addColumn('account', 'varchar(20)', (c) => c.notNull())
      .addColumn('coin', 'varchar(20)', (c) => c.notNull())
      .addColumn('field', 'varchar(10)', (c) => c.notNull())
      .addColumn('delta', 'text', (c) => c.notNull())
      .addColumn('balance_after', 'text', (c) => c.notNull())
      .addColumn('cause', 'varchar(30)', (c) => c.notNull())
      .addColumn('cause_id', 'varchar(100)', (c) => c.notNull())
      .addColumn('memo', 'text', (c) => c.notNull())
      .addColumn('created_at', 'bigint', (c) => c.notNull())
      .execute();
    await db.schema
      .createIndex('ledger_entries_owner')
      .on('ledger_entries')
      .columns(['owner_id', 'coin', 'created_at'])
      .execute();
    await db.schema.createIndex('ledger_entries_cause').on('ledger_entries').columns(['cause', 'cause_id']).execute();
  },
});
