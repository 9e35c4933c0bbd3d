import Big from 'big.js';
import type { Kysely, Selectable } from 'kysely';
import type { TradingCore } from '../core/trading-core.ts';
import type { Database } from '../db/schema.ts';
import type { DepositState, DepositsTable } from '../db/tables/deposits.ts';
import { creditFromOutside } from '../ledger/ledger.ts';
import type { Clock } from '../platform/clock.ts';
import { type ChainConfig, type CoinChain, canonicalAddress, listCoinChains } from './chain-config.ts';
import { type ChainWatcher, confirmationsAt, type ObservedTransfer, type WatchScope } from './chain-watcher.ts';
import { ownerOfAddress } from './deposit-addresses.ts';

/**
 * Turns what a chain watcher reports into deposits and credits. A deposit is one output on chain: the unique index
 * on (chain, txid, output_index) makes a replayed notice a no-op, and the state machine credits once:
 *   pending (0 conf) -> confirming (n of N) -> crediting -> credited
 *   pending/confirming -> orphaned (left the chain before credit; back to pending/confirming if it returns)
 *   below_minimum, unmatched: recorded, never credited.
 * 'crediting' is claimed by a compare-and-set before the ledger movement goes to the trading core, and a movement
 * is tagged deposit:<id>; after a crash, recover() settles a claimed deposit by looking for that ledger row.
 *
 * Credited is final (decided, not overlooked): a credited deposit is no longer followed, so a re-org deeper than the
 * chain's confirmations does not take the credit back. Crediting once after N confirmations is the usual rule; an
 * automatic reversal could leave a balance below zero once the coins were traded or withdrawn, and the operator
 * chooses N so that such a re-org is not a practical risk (README, Deposits).
 *
 * Every change a user can see (a new deposit, a confirmation more, a state) is told to the listeners, row as written:
 * the realtime hub pushes it on the owner's private channel.
 */
const openStates: DepositState[] = ['pending', 'confirming', 'orphaned'];
type Deposit = Omit<DepositsTable, 'id'> & { id: number };
export type DepositChangeListener = (deposit: Selectable<DepositsTable>) => void;

export class DepositProcessor {
  private readonly listeners = new Set<DepositChangeListener>();

  constructor(
    private readonly db: Kysely<Database>,
    private readonly clock: Clock,
    private readonly core: TradingCore,
  ) {}

  /** Listens to every change of a user's deposit; answers the function that stops listening. */
  subscribe(listener: DepositChangeListener): () => void {
    this.listeners.add(listener);
    return () => this.listeners.delete(listener);
  }

  private changed(deposit: Selectable<DepositsTable> | undefined): void {
    if (!deposit || deposit.user_id === null) return;
    for (const listener of this.listeners) listener(deposit);
  }

  /** One round for one chain: new transfers, then every open deposit followed, then what is due credited. */
  async poll(chain: ChainConfig, watcher: ChainWatcher): Promise<void> {
    const scope = await this.scopeOf(chain);
    const tip = await watcher.tipHeight();
    const { transfers, cursor } = await watcher.scan(chain.scan_cursor, scope);
    for (const transfer of transfers) await this.observe(chain, scope, transfer, tip);
    await this.db
      .updateTable('chains')
      .set({ scan_cursor: cursor, scan_error: '' })
      .where('chain', '=', chain.chain)
      .execute();
    for (const deposit of await this.openDeposits(chain.chain)) {
      const location = await watcher.locate(
        { txid: deposit.txid, outputIndex: deposit.output_index, coin: deposit.coin },
        scope,
      );
      await this.follow(deposit, location === 'gone' ? 'gone' : { height: location, tip });
    }
    await this.creditDue(chain.chain);
  }

  /** Records a transfer the first time it is reported; a repeat changes nothing. */
  async observe(chain: ChainConfig, scope: WatchScope, transfer: ObservedTransfer, tip: number): Promise<void> {
    const coinChain = scope.coins.find((c) => c.coin === transfer.coin);
    if (!coinChain) return;
    const address = canonicalAddress(chain.kind, transfer.address);
    const userId = await ownerOfAddress(this.db, chain.chain, address, coinChain.need_memo ? transfer.memo : null);
    const confirmations = confirmationsAt(tip, transfer.blockHeight);
    const state: DepositState =
      userId === null
        ? 'unmatched'
        : new Big(transfer.amount).lt(coinChain.min_deposit)
          ? 'below_minimum'
          : confirmations > 0
            ? 'confirming'
            : 'pending';
    const now = this.clock.now();
    await this.db
      .insertInto('deposits')
      .values({
        chain: chain.chain,
        txid: transfer.txid,
        output_index: transfer.outputIndex,
        coin: transfer.coin,
        user_id: userId,
        address,
        memo: transfer.memo.slice(0, 40),
        amount: new Big(transfer.amount).toFixed(),
        credited_amount: '0',
        block_height: transfer.blockHeight,
        confirmations,
        required_confirmations: chain.confirmations,
        state,
        created_at: now,
        updated_at: now,
        credited_at: null,
      })
      .onConflict((oc) => oc.columns(['chain', 'txid', 'output_index']).doNothing())
      .returningAll()
      .executeTakeFirst()
      .then((inserted) => this.changed(inserted));
  }

  /** Moves an open deposit to where its transaction is now. */
  async follow(
    deposit: Pick<Deposit, 'id' | 'state' | 'confirmations'>,
    where: 'gone' | { height: number | null; tip: number },
  ): Promise<void> {
    const confirmations = where === 'gone' ? 0 : confirmationsAt(where.tip, where.height);
    const state: DepositState = where === 'gone' ? 'orphaned' : confirmations > 0 ? 'confirming' : 'pending';
    const followed = await this.db
      .updateTable('deposits')
      .set({
        state,
        confirmations,
        block_height: where === 'gone' ? null : where.height,
        updated_at: this.clock.now(),
      })
      .where('id', '=', deposit.id)
      .where('state', 'in', openStates)
      .returningAll()
      .executeTakeFirst();
    if (followed && (followed.state !== deposit.state || followed.confirmations !== deposit.confirmations))
      this.changed(followed);
  }

  /** Credits every deposit of the chain that has its confirmations, while its coin takes deposits. */
  async creditDue(chain: string): Promise<void> {
    const due = await this.db
      .selectFrom('deposits')
      .innerJoin('coins', 'coins.symbol', 'deposits.coin')
      .select(['deposits.id', 'deposits.user_id', 'deposits.coin', 'deposits.amount', 'deposits.txid'])
      .select(['deposits.output_index', 'coins.scale'])
      .where('deposits.chain', '=', chain)
      .where('deposits.state', '=', 'confirming')
      .where((eb) => eb('deposits.confirmations', '>=', eb.ref('deposits.required_confirmations')))
      .where('coins.deposit_open', '=', 1)
      .orderBy('deposits.id')
      .execute();
    for (const deposit of due) await this.credit({ ...deposit, chain });
  }

  private async credit(deposit: {
    id: number;
    user_id: number | null;
    coin: string;
    amount: string;
    scale: number;
    chain: string;
    txid: string;
    output_index: number;
  }): Promise<void> {
    if (deposit.user_id === null) return;
    const claimed = await this.db
      .updateTable('deposits')
      .set({ state: 'crediting', updated_at: this.clock.now() })
      .where('id', '=', deposit.id)
      .where('state', '=', 'confirming')
      .executeTakeFirst();
    if (claimed.numUpdatedRows !== 1n) return;
    // The ledger keeps the coin's precision; dust below it stays in the wallet.
    const amount = new Big(deposit.amount).round(deposit.scale, Big.roundDown);
    const outcome = amount.gt(0)
      ? await this.core.postMovement(
          creditFromOutside({
            ownerId: Number(deposit.user_id),
            coin: deposit.coin,
            amount: amount.toFixed(),
            cause: 'deposit',
            causeId: causeIdOf(deposit.id),
            memo: `${deposit.chain} ${deposit.txid}:${deposit.output_index}`,
          }),
        )
      : ({ ok: false, reason: 'invalid_amount' } as const);
    const now = this.clock.now();
    const settled = outcome.ok
      ? { state: 'credited' as const, credited_amount: amount.toFixed(), credited_at: now, updated_at: now }
      : { state: amount.gt(0) ? ('confirming' as const) : ('below_minimum' as const), updated_at: now };
    this.changed(
      await this.db.updateTable('deposits').set(settled).where('id', '=', deposit.id).returningAll().executeTakeFirst(),
    );
  }

  /** After a restart: a deposit left 'crediting' is credited if its ledger row exists, else due again. */
  async recover(): Promise<void> {
    const claimed = await this.db
      .selectFrom('deposits')
      .innerJoin('coins', 'coins.symbol', 'deposits.coin')
      .select(['deposits.id', 'deposits.amount', 'coins.scale'])
      .where('deposits.state', '=', 'crediting')
      .execute();
    for (const deposit of claimed) {
      const posted = await this.db
        .selectFrom('ledger_entries')
        .select('delta')
        .where('cause', '=', 'deposit')
        .where('cause_id', '=', causeIdOf(deposit.id))
        .where('owner_id', '!=', 0)
        .executeTakeFirst();
      const now = this.clock.now();
      await this.db
        .updateTable('deposits')
        .set(
          posted
            ? { state: 'credited', credited_amount: posted.delta, credited_at: now, updated_at: now }
            : { state: 'confirming', updated_at: now },
        )
        .where('id', '=', deposit.id)
        .where('state', '=', 'crediting')
        .execute();
    }
  }

  private async openDeposits(chain: string): Promise<Deposit[]> {
    return this.db
      .selectFrom('deposits')
      .selectAll()
      .where('chain', '=', chain)
      .where('state', 'in', openStates)
      .orderBy('id')
      .execute();
  }

  private async scopeOf(chain: ChainConfig): Promise<WatchScope> {
    const coins: CoinChain[] = await listCoinChains(this.db, { chain: chain.chain });
    const rows = await this.db
      .selectFrom('deposit_addresses')
      .select('address')
      .distinct()
      .where('chain', '=', chain.chain)
      .where('state', '=', 'ready')
      .execute();
    return { chain, coins, addresses: new Set(rows.map((r) => r.address)) };
  }
}

export const causeIdOf = (depositId: number) => `deposit:${depositId}`;
