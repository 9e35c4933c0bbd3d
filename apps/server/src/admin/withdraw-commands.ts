import { withdrawStates } from '@opex/contract/calls/withdraw';
import Big from 'big.js';
import { waitForInbox } from '../core/core-inbox.ts';
import type { WithdrawalRowState } from '../db/tables/withdrawals.ts';
import { applyTransition, type Transition } from '../modules/withdraw/withdrawal-transitions.ts';
import { type AdminCommand, change, positional, stringFlags } from './admin-command.ts';
import { AdminInputError, decimal, integer, optional, required, symbol, text } from './admin-input.ts';
import { recordAudit } from './audit.ts';

/**
 * The operator's side of withdrawals: fee, minimum, review threshold and daily limits per coin and chain; the
 * approval queue (list, approve, reject) and reporting what the wallet did (sent with its txid, completed). Each
 * change commits with its audit row; state changes use the same guarded transitions as the server.
 */
const INBOX_WAIT_MS = 5_000;

function transitionCommand(
  usage: string,
  build: (
    positionals: string[],
    flags: Record<string, string | boolean | undefined>,
  ) => Omit<Transition, 'alsoInTransaction'>,
  action: string,
): AdminCommand {
  return {
    usage,
    options: stringFlags('reason'),
    async run(ctx, p, f) {
      const id = integer(positional(p, 0, 'id'), 'id', 1, Number.MAX_SAFE_INTEGER);
      const transition = build(p, f);
      const done = await applyTransition(
        ctx.handle.db,
        id,
        {
          ...transition,
          set: { ...transition.set, reviewed_by: ctx.actor },
          alsoInTransaction: (trx, row) =>
            recordAudit(
              trx,
              {
                actor: ctx.actor,
                action: `withdraw.${action}`,
                subject: `withdrawal:${id}`,
                detail: { user: row.user_id, coin: row.coin, amount: row.amount, ...transition.set },
              },
              ctx.clock.now(),
            ),
        },
        ctx.clock.now(),
      );
      if (!done) throw new AdminInputError(`withdrawal ${id} is not ${transition.from.join(' or ')}`);
      const applied = done.inboxId === null ? 'ok' : await waitForInbox(ctx.handle.db, done.inboxId, INBOX_WAIT_MS);
      const note = applied === null ? ' (the exchange moves the funds when it runs)' : '';
      if (applied !== null && applied !== 'ok') throw new Error(`the exchange refused the ledger movement: ${applied}`);
      return `withdrawal ${id} ${transition.to}${note}`;
    },
  };
}

const listStates = [...withdrawStates, 'all'];

export const withdrawCommands: Record<string, AdminCommand> = {
  'withdraw config': {
    usage:
      'withdraw config --coin USDT --chain ETH --fee 1 --min 10 --review-above 10000 --daily-basic 2000 --daily-verified 100000',
    options: stringFlags('coin', 'chain', 'fee', 'min', 'review-above', 'daily-basic', 'daily-verified'),
    async run(ctx, _p, f) {
      const { db } = ctx.handle;
      const coin = symbol(required(f, 'coin'), 'coin');
      const chain = symbol(required(f, 'chain'), 'chain');
      if (!(await db.selectFrom('coins').select('symbol').where('symbol', '=', coin).executeTakeFirst())) {
        throw new AdminInputError(`coin ${coin} is not listed`);
      }
      if (!(await db.selectFrom('chains').select('chain').where('chain', '=', chain).executeTakeFirst())) {
        throw new AdminInputError(`chain ${chain} is not configured`);
      }
      const row = {
        fee: new Big(decimal(required(f, 'fee'), 'fee')).toFixed(),
        min_amount: new Big(decimal(required(f, 'min'), 'min')).toFixed(),
        review_threshold: new Big(decimal(required(f, 'review-above'), 'review-above')).toFixed(),
        daily_limit_basic: new Big(decimal(required(f, 'daily-basic'), 'daily-basic')).toFixed(),
        daily_limit_verified: new Big(decimal(required(f, 'daily-verified'), 'daily-verified')).toFixed(),
        updated_at: ctx.clock.now(),
      };
      await change(ctx, { action: 'withdraw.config', subject: `${coin}/${chain}`, detail: row }, async (trx) => {
        await trx
          .insertInto('withdraw_coin_chains')
          .values({ coin, chain, ...row })
          .onConflict((oc) => oc.columns(['coin', 'chain']).doUpdateSet(row))
          .execute();
      });
      return `withdrawals of ${coin} on ${chain}: fee ${row.fee}, minimum ${row.min_amount}, review above ${row.review_threshold}`;
    },
  },
  'withdraw list': {
    usage: `withdraw list [--state ${listStates.join('|')}] [--limit 50]`,
    options: stringFlags('state', 'limit'),
    async run(ctx, _p, f) {
      const state = optional(f, 'state') ?? 'review';
      if (!listStates.includes(state)) throw new AdminInputError(`--state must be one of ${listStates.join(', ')}`);
      let query = ctx.handle.db.selectFrom('withdrawals').selectAll().where('state', '!=', 'locking');
      if (state !== 'all') query = query.where('state', '=', state as WithdrawalRowState);
      const rows = await query
        .orderBy('id', 'desc')
        .limit(integer(optional(f, 'limit'), 'limit', 1, 1000, 50))
        .execute();
      if (rows.length === 0) return `no ${state} withdrawals`;
      return rows
        .map(
          (r) =>
            `#${r.id}\t${r.state}\tuser ${r.user_id}\t${r.amount} ${r.coin} (fee ${r.fee})\t${r.chain} ${r.address}` +
            `\t${new Date(Number(r.created_at)).toISOString()}${r.txid ? `\ttx ${r.txid}` : ''}${r.reason ? `\t${r.reason}` : ''}`,
        )
        .join('\n');
    },
  },
  'withdraw approve': transitionCommand(
    'withdraw approve <id>',
    () => ({ from: ['review'], to: 'approved' }),
    'approve',
  ),
  'withdraw reject': transitionCommand(
    'withdraw reject <id> --reason "..."',
    (_p, f) => ({
      from: ['review', 'approved'],
      to: 'rejected',
      movement: 'release',
      set: { reason: text(required(f, 'reason'), '--reason', 500) },
    }),
    'reject',
  ),
  'withdraw sent': transitionCommand(
    'withdraw sent <id> <txid>',
    (p) => {
      const txid = positional(p, 1, 'txid');
      if (!/^[A-Za-z0-9:_-]{8,100}$/.test(txid)) throw new AdminInputError('<txid> must be 8 to 100 letters or digits');
      return { from: ['approved'], to: 'sent', movement: 'send', set: { txid } };
    },
    'sent',
  ),
  'withdraw complete': transitionCommand(
    'withdraw complete <id>',
    () => ({ from: ['sent'], to: 'completed' }),
    'complete',
  ),
};
