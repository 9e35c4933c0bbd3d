import type { Kysely, Migration } from 'kysely';
import type { Dialect } from '../database.ts';
import { withId } from './columns.ts';

/**
 * Isolated margin: the operator's rules per coin (daily interest rate, least loan) and per pair (risk lines,
 * liquidation price margin), each loan with its exact interest state, each repayment, and each liquidation with the
 * price and figures it was decided on (so it can be recomputed). Per-pair account names (`lever:BTCUSDT`) need
 * longer account columns than the first migrations gave.
 */
export default (dialect: Dialect): Migration => ({
  // biome-ignore lint/suspicious/noExplicitAny: migrations run before the typed schema exists
  async up(db: Kysely<any>) {
    if (dialect === 'postgres') {
      for (const table of ['balances', 'ledger_entries'])
        await db.schema
          .alterTable(table)
          .alterColumn('account', (c) => c.setDataType('varchar(64)'))
          .execute();
    }
    await db.schema
      .createTable('margin_coins')
      .addColumn('coin', 'varchar(20)', (c) => c.primaryKey())
      .addColumn('daily_rate', 'text', (c) => c.notNull())
      .addColumn('min_borrow', 'text', (c) => c.notNull())
      .addColumn('updated_at', 'bigint', (c) => c.notNull())
      .execute();
    await db.schema
      .createTable('margin_pairs')
      .addColumn('symbol', 'varchar(40)', (c) => c.primaryKey())
      .addColumn('warn_rate', 'text', (c) => c.notNull())
      .addColumn('transfer_rate', 'text', (c) => c.notNull())
      .addColumn('liquidation_rate', 'text', (c) => c.notNull())
      .addColumn('liquidation_margin', 'text', (c) => c.notNull())
      .addColumn('updated_at', 'bigint', (c) => c.notNull())
      .execute();
    await db.schema
      .createTable('margin_loans')
      .addColumn('id', 'bigint', (c) => c.primaryKey())
      .addColumn('user_id', 'bigint', (c) => c.notNull())
      .addColumn('symbol', 'varchar(40)', (c) => c.notNull())
      .addColumn('coin', 'varchar(20)', (c) => c.notNull())
      .addColumn('borrowed', 'text', (c) => c.notNull())
      .addColumn('principal', 'text', (c) => c.notNull())
      .addColumn('interest', 'text', (c) => c.notNull())
      .addColumn('remainder', 'text', (c) => c.notNull())
      .addColumn('accrued_until', 'bigint', (c) => c.notNull())
      .addColumn('posted', 'text', (c) => c.notNull())
      .addColumn('interest_paid', 'text', (c) => c.notNull())
      .addColumn('daily_rate', 'text', (c) => c.notNull())
      .addColumn('status', 'integer', (c) => c.notNull())
      .addColumn('created_at', 'bigint', (c) => c.notNull())
      .addColumn('updated_at', 'bigint', (c) => c.notNull())
      .execute();
    await db.schema.createIndex('margin_loans_user').on('margin_loans').columns(['user_id', 'status', 'id']).execute();
    await db.schema.createIndex('margin_loans_status').on('margin_loans').columns(['status']).execute();
    await withId(db.schema.createTable('margin_repayments'), dialect)
      .addColumn('loan_id', 'bigint', (c) => c.notNull())
      .addColumn('user_id', 'bigint', (c) => c.notNull())
      .addColumn('coin', 'varchar(20)', (c) => c.notNull())
      .addColumn('amount', 'text', (c) => c.notNull())
      .addColumn('interest', 'text', (c) => c.notNull())
      .addColumn('principal', 'text', (c) => c.notNull())
      .addColumn('type', 'integer', (c) => c.notNull())
      .addColumn('created_at', 'bigint', (c) => c.notNull())
      .execute();
    await db.schema.createIndex('margin_repayments_loan').on('margin_repayments').columns(['loan_id']).execute();
    await withId(db.schema.createTable('margin_liquidations'), dialect)
      .addColumn('user_id', 'bigint', (c) => c.notNull())
      .addColumn('symbol', 'varchar(40)', (c) => c.notNull())
      .addColumn('index_price', 'text', (c) => c.notNull())
      .addColumn('risk_rate', 'text', (c) => c.notNull())
      .addColumn('details', 'text', (c) => c.notNull())
      .addColumn('created_at', 'bigint', (c) => c.notNull())
      .execute();
    await db.schema
      .createIndex('margin_liquidations_user')
      .on('margin_liquidations')
      .columns(['user_id', 'symbol'])
      .execute();
  },
});
