import { createHash } from 'node:crypto';
import { snapshot } from '@opex/engine/snapshot';
import type { DatabaseHandle } from '../../../db/database.ts';
import { ledgerOf } from '../../../ledger/ledger-units.ts';
import { BatchEffects } from '../../batch-effects.ts';
import type { InputOf, OutcomeOf } from '../../command-entry.ts';
import { type CoreCommands, coreCommands } from '../../core-commands.ts';
import { CoreState } from '../../core-state.ts';
import { ClientOrderIds } from '../../spot/client-order-ids.ts';
import { isSimulatedAccount } from '../futures-rules.ts';

/**
 * The core's state and command table without its writer: commands applied straight to memory, each its own batch,
 * for property tests and benchmarks that run far more steps than a database could commit. The state is loaded once
 * from a seeded database (markets, contracts), then nothing is written.
 */
export class FuturesHarness {
  readonly commands: CoreCommands = coreCommands(new ClientOrderIds());
  /** Every ledger row posted, per batch: what the conservation checks read. */
  readonly batches: BatchEffects[] = [];
  private seq = 0;

  private constructor(readonly state: CoreState) {}

  static async load(database: DatabaseHandle, owners: number[]): Promise<FuturesHarness> {
    const state = await CoreState.load(database.db);
    await state.balances.load(database.db, owners);
    return new FuturesHarness(state);
  }

  run<K extends keyof CoreCommands & string>(
    kind: K,
    input: InputOf<CoreCommands, K>,
    at: number,
  ): OutcomeOf<CoreCommands, K> {
    const batch = new BatchEffects();
    const outcome = this.commands[kind].apply({ state: this.state, batch, at, seq: ++this.seq }, input as never);
    this.state.balances.takeDirty();
    this.batches.push(batch);
    return outcome as OutcomeOf<CoreCommands, K>;
  }

  /** Applies something that is not a command of the table (a product's own step, e.g. a funding payment). */
  apply(at: number, effect: (state: CoreState, batch: BatchEffects, at: number) => void): void {
    const batch = new BatchEffects();
    effect(this.state, batch, at);
    this.state.balances.takeDirty();
    this.batches.push(batch);
  }

  /** A hash of every position, open order, book and balance the commands touched: equal states, equal hashes. */
  stateHash(): string {
    const hash = createHash('sha256');
    for (const [key, p] of [...this.state.futures.positions].sort(([a], [b]) => (a < b ? -1 : 1)))
      hash.update(`${key}:${p.id}:${p.qty}:${p.entry}:${p.margin}:${p.realized}:${p.fee}:${p.funding}\n`);
    for (const [symbol, market] of [...this.state.markets].sort(([a], [b]) => (a < b ? -1 : 1))) {
      const book = snapshot(market.book);
      hash.update(`${symbol}:${book.lastPrice}:${JSON.stringify(book.orders)}\n`);
    }
    const keys = new Set<string>();
    for (const batch of this.batches)
      for (const row of batch.ledger) keys.add(`${row.owner_id}|${row.account}|${row.coin}`);
    for (const key of [...keys].sort()) {
      const [owner, account, coin] = key.split('|') as [string, string, string];
      const b = this.state.balances.get(Number(owner), account, coin);
      hash.update(`${key}:${b.available}:${b.locked}\n`);
    }
    return hash.digest('hex');
  }
}

/**
 * What must hold after every futures event, in memory: per contract the positions net to zero; no open position is
 * flat or holds negative margin; each user's locked balance in each futures account (co, co_sim) is the open orders'
 * reserves on it and the margins of the positions of the contracts traded on it; the last batch's ledger rows sum to
 * zero per coin (money only moved) and its funding rows too; and no movement mixes simulated and real accounts.
 */
export function futuresProblems(h: FuturesHarness, users: readonly number[], coin: string): string[] {
  const problems: string[] = [];
  const { state } = h;
  for (const symbol of state.futures.bySymbol.keys()) {
    let net = 0n;
    for (const p of state.futures.positionsOf(symbol)) {
      net += p.qty;
      if (p.qty === 0n) problems.push(`position ${p.id} is open and flat`);
      if (p.margin < 0n) problems.push(`position ${p.id} holds ${p.margin}`);
    }
    if (net !== 0n) problems.push(`${symbol}: positions net to ${net}`);
  }
  for (const user of users) {
    for (const account of ['co', 'co_sim'] as const) {
      let held = 0n;
      for (const id of state.open.idsOf(user, null)) {
        const o = state.open.get(id);
        if (o?.account === account) held += o.reserve;
      }
      for (const p of state.futures.positions.values())
        if (p.userId === user && state.markets.get(p.symbol)?.spec.futures?.accounts.user === account) held += p.margin;
      const { locked, available } = state.balances.get(user, account, coin);
      if (locked !== held)
        problems.push(`user ${user}: ${account} locked ${locked}, orders and positions hold ${held}`);
      if (available < 0n) problems.push(`user ${user}: negative ${account} available`);
    }
  }
  const last = h.batches.at(-1);
  if (last) {
    const sums = new Map<string, bigint>();
    const funding = new Map<string, bigint>();
    for (const row of last.ledger) {
      const delta = ledgerOf(row.delta as string);
      sums.set(row.coin, (sums.get(row.coin) ?? 0n) + delta);
      if (row.cause === 'funding') funding.set(row.coin, (funding.get(row.coin) ?? 0n) + delta);
    }
    for (const [c, sum] of sums) if (sum !== 0n) problems.push(`${c} moved ${sum} out of nowhere`);
    const movements = new Map<string, Set<boolean>>();
    for (const row of last.ledger) {
      const key = `${row.cause}:${row.cause_id}`;
      const kinds = movements.get(key) ?? new Set();
      kinds.add(isSimulatedAccount(row.account as string));
      movements.set(key, kinds);
    }
    for (const [key, kinds] of movements) if (kinds.size > 1) problems.push(`${key} mixes simulated and real accounts`);
    for (const [c, sum] of funding) if (sum !== 0n) problems.push(`funding in ${c} sums to ${sum}`);
  }
  return problems;
}
