import { randomBytes } from 'node:crypto';
import { SimulatedChain } from '../../chains/simulated-chain.ts';
import { waitForInbox } from '../../core/core-inbox.ts';
import type { Services } from '../../services.ts';
import { applyTransition } from './withdrawal-transitions.ts';

/**
 * The demo's wallet: on a simulated chain an approved withdrawal is sent by the exchange itself, and completes once
 * its transaction has the chain's confirmations. The send is written in the transaction of the 'sent' transition
 * (the simulated chain lives in the same database), so it happens exactly once. Real chains are paid by the
 * operator's own wallet and reported with `npm run admin -- withdraw sent|complete`: the server holds no keys.
 */
export async function payOutOnSimulatedChains(services: Services): Promise<void> {
  const { db } = services.database;
  const { clock } = services;
  const simulated = await db
    .selectFrom('chains')
    .select(['chain', 'confirmations'])
    .where('watcher', '=', 'simulated')
    .execute();
  if (simulated.length === 0) return;
  const chains = new Map(simulated.map((c) => [c.chain, Number(c.confirmations)]));
  const due = await db
    .selectFrom('withdrawals')
    .selectAll()
    .where('state', 'in', ['approved', 'sent'])
    .where('chain', 'in', [...chains.keys()])
    .orderBy('id')
    .limit(100)
    .execute();
  for (const row of due) {
    if (row.state === 'approved') {
      const txid = randomBytes(32).toString('hex');
      const done = await applyTransition(
        db,
        row.id,
        {
          from: ['approved'],
          to: 'sent',
          movement: 'send',
          set: { txid },
          alsoInTransaction: (trx, sent) =>
            new SimulatedChain(trx, clock, sent.chain)
              .send(sent.coin, sent.address, sent.amount, '', txid)
              .then(() => {}),
        },
        clock.now(),
      );
      if (done?.inboxId) await waitForInbox(db, done.inboxId);
      continue;
    }
    const tx = await db
      .selectFrom('sim_chain_txs')
      .select('block_height')
      .where('chain', '=', row.chain)
      .where('txid', '=', row.txid)
      .executeTakeFirst();
    if (tx?.block_height == null) continue;
    const confirmations = (await new SimulatedChain(db, clock, row.chain).height()) - Number(tx.block_height) + 1;
    if (confirmations >= (chains.get(row.chain) ?? 1)) {
      await applyTransition(db, row.id, { from: ['sent'], to: 'completed' }, clock.now());
    }
  }
}
