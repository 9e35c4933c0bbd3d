import type { Kysely, Migration } from 'kysely';
import type { Dialect } from '../database.ts';
import { notNull, withId } from './columns.ts';

/**
 * Deposits: the operator's chains and coin-chains (extended public keys only, never a private key), the deposit
 * address of each user, coin and chain, the deposits seen on chain, and the local simulated chain of the demo.
 */
export default (dialect: Dialect): Migration => ({
  // biome-ignore lint/suspicious/noExplicitAny: migrations run before the typed schema exists
  async up(db: Kysely<any>) {
    await db.schema
      .createTable('chains')
      .addColumn('chain', 'varchar(20)', (c) => c.primaryKey())
      .addColumn('name', 'varchar(50)', notNull)
      .addColumn('kind', 'varchar(10)', notNull)
      .addColumn('network', 'varchar(30)', notNull)
      .addColumn('watcher', 'varchar(20)', notNull)
      .addColumn('rpc_url', 'varchar(500)', (c) => c.notNull().defaultTo(''))
      .addColumn('xpub', 'varchar(200)', (c) => c.notNull().defaultTo(''))
      .addColumn('confirmations', 'integer', notNull)
      .addColumn('scan_cursor', 'varchar(100)', (c) => c.notNull().defaultTo(''))
      .addColumn('scan_error', 'varchar(500)', (c) => c.notNull().defaultTo(''))
      .addColumn('updated_at', 'bigint', notNull)
      .execute();

    await db.schema
      .createTable('coin_chains')
      .addColumn('coin', 'varchar(20)', notNull)
      .addColumn('chain', 'varchar(20)', notNull)
      .addColumn('min_deposit', 'varchar(64)', notNull)
      .addColumn('need_memo', 'integer', notNull)
      .addColumn('contract', 'varchar(100)', (c) => c.notNull().defaultTo(''))
      .addColumn('decimals', 'integer', notNull)
      .addColumn('sort', 'integer', (c) => c.notNull().defaultTo(0))
      .addColumn('updated_at', 'bigint', notNull)
      .addPrimaryKeyConstraint('coin_chains_pk', ['coin', 'chain'])
      .execute();

    await withId(db.schema.createTable('deposit_addresses'), dialect)
      .addColumn('user_id', 'bigint', notNull)
      .addColumn('coin', 'varchar(20)', notNull)
      .addColumn('chain', 'varchar(20)', notNull)
      .addColumn('address', 'varchar(100)', (c) => c.notNull().defaultTo(''))
      .addColumn('memo', 'varchar(40)', (c) => c.notNull().defaultTo(''))
      .addColumn('state', 'varchar(10)', notNull)
      .addColumn('error', 'varchar(40)', (c) => c.notNull().defaultTo(''))
      .addColumn('created_at', 'bigint', notNull)
      .addColumn('updated_at', 'bigint', notNull)
      .execute();
    await db.schema
      .createIndex('deposit_addresses_owner')
      .on('deposit_addresses')
      .columns(['user_id', 'coin', 'chain'])
      .unique()
      .execute();
    await db.schema
      .createIndex('deposit_addresses_address')
      .on('deposit_addresses')
      .columns(['chain', 'address', 'memo'])
      .execute();

    await withId(db.schema.createTable('deposits'), dialect)
      .addColumn('chain', 'varchar(20)', notNull)
      .addColumn('txid', 'varchar(100)', notNull)
      .addColumn('output_index', 'integer', notNull)
      .addColumn('coin', 'varchar(20)', notNull)
      .addColumn('user_id', 'bigint')
      .addColumn('address', 'varchar(100)', notNull)
      .addColumn('memo', 'varchar(40)', (c) => c.notNull().defaultTo(''))
      .addColumn('amount', 'varchar(64)', notNull)
      .addColumn('credited_amount', 'varchar(64)', (c) => c.notNull().defaultTo('0'))
      .addColumn('block_height', 'bigint')
      .addColumn('confirmations', 'integer', notNull)
      .addColumn('required_confirmations', 'integer', notNull)
      .addColumn('state', 'varchar(20)', notNull)
      .addColumn('created_at', 'bigint', notNull)
      .addColumn('updated_at', 'bigint', notNull)
      .addColumn('credited_at', 'bigint')
      .execute();
    // Idempotency: one deposit per output on chain, however often a watcher reports it.
    await db.schema
      .createIndex('deposits_output')
      .on('deposits')
      .columns(['chain', 'txid', 'output_index'])
      .unique()
      .execute();
    await db.schema.createIndex('deposits_user').on('deposits').columns(['user_id', 'id']).execute();
    await db.schema.createIndex('deposits_state').on('deposits').columns(['state', 'chain']).execute();

    await db.schema
      .createTable('sim_chain_heights')
      .addColumn('chain', 'varchar(20)', (c) => c.primaryKey())
      .addColumn('height', 'bigint', notNull)
      .execute();
    await withId(db.schema.createTable('sim_chain_txs'), dialect)
      .addColumn('chain', 'varchar(20)', notNull)
      .addColumn('txid', 'varchar(100)', notNull)
      .addColumn('output_index', 'integer', notNull)
      .addColumn('coin', 'varchar(20)', notNull)
      .addColumn('address', 'varchar(100)', notNull)
      .addColumn('memo', 'varchar(40)', (c) => c.notNull().defaultTo(''))
      .addColumn('amount', 'varchar(64)', notNull)
      .addColumn('block_height', 'bigint')
      .addColumn('created_at', 'bigint', notNull)
      .execute();
    await db.schema
      .createIndex('sim_chain_txs_output')
      .on('sim_chain_txs')
      .columns(['chain', 'txid', 'output_index'])
      .unique()
      .execute();
  },
});
