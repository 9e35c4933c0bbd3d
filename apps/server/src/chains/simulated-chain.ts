import { randomBytes } from 'node:crypto';
import Big from 'big.js';
import type { Kysely } from 'kysely';
import type { Database } from '../db/schema.ts';
import type { Clock } from '../platform/clock.ts';
import type { ChainWatcher, ObservedTransfer, TransferLocation } from './chain-watcher.ts';

/**
 * A local chain for the demo and tests, kept in the database so the operator's command line and the running server
 * see the same chain: transactions wait in a mempool until blocks are mined; a re-org drops a transaction.
 * Withdrawals on a simulated chain are "sent" with send().
 */
export class SimulatedChain {
  constructor(
    private readonly db: Kysely<Database>,
    private readonly clock: Clock,
    readonly chain: string,
  ) {}

  async height(): Promise<number> {
    const row = await this.db
      .selectFrom('sim_chain_heights')
      .select('height')
      .where('chain', '=', this.chain)
      .executeTakeFirst();
    return Number(row?.height ?? 0);
  }

  /**
   * Puts a transfer of `amount` (an exact positive decimal string) of `coin` to `to` into the mempool; returns its
   * txid (random unless given). It counts 0 confirmations until the next mine().
   */
  async send(coin: string, to: string, amount: string, memo = '', txid?: string): Promise<string> {
    if (!/^\d{1,30}(\.\d{1,30})?$/.test(amount) || new Big(amount).lte(0)) {
      throw new Error(`amount must be a positive decimal, not "${amount}"`);
    }
    const id = txid ?? randomBytes(32).toString('hex');
    await this.db
      .insertInto('sim_chain_txs')
      .values({
        chain: this.chain,
        txid: id,
        output_index: 0,
        coin,
        address: to,
        memo,
        amount: new Big(amount).toFixed(),
        block_height: null,
        created_at: this.clock.now(),
      })
      .execute();
    return id;
  }

  /** Mines `blocks` blocks; the mempool goes into the first. Returns the new height. */
  async mine(blocks = 1): Promise<number> {
    const apply = async (trx: Kysely<Database>) => {
      const height = (await new SimulatedChain(trx, this.clock, this.chain).height()) + blocks;
      await trx
        .insertInto('sim_chain_heights')
        .values({ chain: this.chain, height })
        .onConflict((oc) => oc.column('chain').doUpdateSet({ height }))
        .execute();
      await trx
        .updateTable('sim_chain_txs')
        .set({ block_height: height - blocks + 1 })
        .where('chain', '=', this.chain)
        .where('block_height', 'is', null)
        .execute();
      return height;
    };
    return this.db.isTransaction ? apply(this.db) : this.db.transaction().execute(apply);
  }

  /** A re-org that drops the transaction: it is no longer on the chain. Returns whether it was there. */
  async drop(txid: string): Promise<boolean> {
    const result = await this.db
      .deleteFrom('sim_chain_txs')
      .where('chain', '=', this.chain)
      .where('txid', '=', txid)
      .executeTakeFirst();
    return result.numDeletedRows > 0n;
  }
}

/** The simulated chain seen through the watcher interface; the cursor is the last transaction row read. */
export class SimulatedWatcher implements ChainWatcher {
  private readonly sim: SimulatedChain;

  constructor(
    private readonly db: Kysely<Database>,
    clock: Clock,
    chain: string,
  ) {
    this.sim = new SimulatedChain(db, clock, chain);
  }

  tipHeight(): Promise<number> {
    return this.sim.height();
  }

  async scan(cursor: string): Promise<{ transfers: ObservedTransfer[]; cursor: string }> {
    const rows = await this.db
      .selectFrom('sim_chain_txs')
      .selectAll()
      .where('chain', '=', this.sim.chain)
      .where('id', '>', Number(cursor || 0))
      .orderBy('id')
      .limit(1000)
      .execute();
    const transfers = rows.map((r) => ({
      txid: r.txid,
      outputIndex: r.output_index,
      coin: r.coin,
      address: r.address,
      memo: r.memo,
      amount: r.amount,
      blockHeight: r.block_height === null ? null : Number(r.block_height),
    }));
    return { transfers, cursor: String(rows.at(-1)?.id ?? (cursor || 0)) };
  }

  async locate(transfer: Pick<ObservedTransfer, 'txid' | 'outputIndex'>): Promise<TransferLocation> {
    const row = await this.db
      .selectFrom('sim_chain_txs')
      .select('block_height')
      .where('chain', '=', this.sim.chain)
      .where('txid', '=', transfer.txid)
      .where('output_index', '=', transfer.outputIndex)
      .executeTakeFirst();
    if (!row) return 'gone';
    return row.block_height === null ? null : Number(row.block_height);
  }
}
