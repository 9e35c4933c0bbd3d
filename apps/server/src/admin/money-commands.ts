import { randomUUID } from 'node:crypto';
import Big from 'big.js';
import { findUserByAccount, findUserById } from '../accounts/accounts.ts';
import { findCoin } from '../catalog/coins.ts';
import { enqueueMovement, waitForInbox } from '../core/core-inbox.ts';
import { creditFromOutside } from '../ledger/ledger.ts';
import { listOutbox } from '../notify/outbox.ts';
import { type AdminCommand, change, stringFlags } from './admin-command.ts';
import { AdminInputError, decimal, integer, optional, required, symbol, text } from './admin-input.ts';
import { listAudit } from './audit.ts';

/**
 * Operator credits, and the read-only views: outbox and audit trail. A credit is handed to the trading core through
 * its inbox (in the same transaction as its audit row), because the running core owns the balances it has loaded.
 */
/** How long the CLI waits to see a running exchange apply a credit. */
const CREDIT_WAIT_MS = 5_000;

export const moneyCommands: Record<string, AdminCommand> = {
  credit: {
    usage: 'credit --user <email|id> --coin USDT --amount 1000 --reason "..."',
    options: stringFlags('user', 'coin', 'amount', 'reason'),
    async run(ctx, _p, f) {
      const { db } = ctx.handle;
      const who = required(f, 'user');
      const user = /^\d{1,15}$/.test(who)
        ? await findUserById(db, Number(who))
        : await findUserByAccount(db, { email: who.toLowerCase() });
      if (!user) throw new AdminInputError(`no user ${who}`);
      const coinSymbol = symbol(required(f, 'coin'), 'coin');
      const coin = await findCoin(db, coinSymbol);
      if (!coin) throw new AdminInputError(`coin ${coinSymbol} is not listed`);
      const amount = decimal(required(f, 'amount'), 'amount');
      if (new Big(amount).lte(0)) throw new AdminInputError('--amount must be positive');
      if ((amount.split('.')[1] ?? '').length > coin.scale) {
        throw new AdminInputError(`--amount has more than ${coin.scale} decimals, the precision of ${coinSymbol}`);
      }
      const reason = text(required(f, 'reason'), '--reason', 500);
      const causeId = `cli:${randomUUID()}`;
      const movement = creditFromOutside({
        ownerId: Number(user.id),
        coin: coinSymbol,
        amount,
        cause: 'operator_credit',
        causeId,
        memo: reason,
      });
      let inboxId = 0;
      await change(
        ctx,
        { action: 'credit', subject: `user:${user.id}`, detail: { coin: coinSymbol, amount, reason, causeId } },
        async (trx) => {
          inboxId = await enqueueMovement(trx, movement, ctx.clock.now());
        },
      );
      const owner = `user ${user.id} (${user.email ?? user.mobile})`;
      const result = await waitForInbox(ctx.handle.db, inboxId, CREDIT_WAIT_MS);
      if (result === null) return `queued ${amount} ${coinSymbol} for ${owner}: the exchange applies it when it runs`;
      if (result !== 'ok') throw new Error(`the exchange refused the credit: ${result}`);
      return `credited ${amount} ${coinSymbol} to ${owner}`;
    },
  },
  'outbox list': {
    usage: 'outbox list [--limit 50] [--recipient ADDRESS]',
    options: stringFlags('limit', 'recipient'),
    async run(ctx, _p, f) {
      const recipient = optional(f, 'recipient');
      const rows = await listOutbox(ctx.handle.db, {
        limit: integer(optional(f, 'limit'), 'limit', 1, 1000, 50),
        ...(recipient ? { recipient } : {}),
      });
      return (
        rows
          .map(
            (r) => `${new Date(r.created_at).toISOString()}\t${r.channel}\t${r.recipient}\t${r.subject}\n${r.body}\n`,
          )
          .join('\n') || '(outbox empty)'
      );
    },
  },
  'audit list': {
    usage: 'audit list [--limit 50]',
    options: stringFlags('limit'),
    async run(ctx, _p, f) {
      const rows = await listAudit(ctx.handle.db, integer(optional(f, 'limit'), 'limit', 1, 1000, 50));
      return (
        rows
          .map((r) => `${new Date(r.created_at).toISOString()}\t${r.actor}\t${r.action}\t${r.subject}\t${r.detail}`)
          .join('\n') || '(no audit entries)'
      );
    },
  },
};
