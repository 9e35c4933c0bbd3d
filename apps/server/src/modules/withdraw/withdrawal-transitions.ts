import { MessageType } from '@opex/contract/calls/message';
import Big from 'big.js';
import type { Kysely, Selectable } from 'kysely';
import { enqueueMovement } from '../../core/core-inbox.ts';
import type { Database } from '../../db/schema.ts';
import type { WithdrawalRowState, WithdrawalsTable } from '../../db/tables/withdrawals.ts';
import { SYSTEM_OWNER } from '../../ledger/accounts.ts';
import type { Movement, Posting } from '../../ledger/ledger.ts';
import type { MessageKey } from '../../messages/message-catalogue.ts';
import type { MessageParams } from '../../messages/message-render.ts';
import { writeMessage } from '../../messages/messages.ts';

/**
 * A withdrawal's money moves once per transition, never twice. Each transition is one database transaction that
 * moves the row from the states it may leave (UPDATE ... WHERE state IN (...): a second cancel, or a cancel racing
 * a reject, finds nothing to update) and, in the same commit, hands the ledger movement to the trading core's
 * inbox, which applies each inbox row exactly once. The operator CLI (another process) and the server use it alike.
 *
 * Ledger: on request amount + fee move from available to locked (withdraw:<id>:lock, posted straight through the
 * core); a release moves them back (withdraw:<id>:release); sending takes them out of locked, the amount to the
 * external account (it left the exchange) and the fee to the fee account (withdraw:<id>:send).
 */
export type WithdrawalRow = Selectable<WithdrawalsTable>;

export type WithdrawalMovementKind = 'lock' | 'release' | 'send';

export function withdrawalMovement(row: WithdrawalRow, kind: WithdrawalMovementKind): Movement {
  const total = new Big(row.amount).plus(row.fee);
  const user = (field: Posting['field'], delta: Big): Posting => ({
    ownerId: row.user_id,
    account: 'exchange',
    coin: row.coin,
    field,
    delta: delta.toFixed(),
  });
  const postings: Record<WithdrawalMovementKind, Posting[]> = {
    lock: [user('available', total.neg()), user('locked', total)],
    release: [user('locked', total.neg()), user('available', total)],
    send: [
      user('locked', total.neg()),
      { ownerId: SYSTEM_OWNER, account: 'external', coin: row.coin, field: 'available', delta: row.amount },
      ...(new Big(row.fee).gt(0)
        ? [
            {
              ownerId: SYSTEM_OWNER,
              account: 'fee' as const,
              coin: row.coin,
              field: 'available' as const,
              delta: row.fee,
            },
          ]
        : []),
    ],
  };
  return {
    cause: 'withdrawal',
    causeId: `withdraw:${row.id}:${kind}`,
    memo: `${row.chain} ${row.address}`,
    postings: postings[kind],
  };
}

/** What the trader is told when a withdrawal reaches a state they did not cause themselves. */
/** What the trader is told at each step: a catalogue message (modules/message) and its parameters. */
const messageOf: Partial<
  Record<WithdrawalRowState, (row: WithdrawalRow) => { key: MessageKey; params: MessageParams }>
> = {
  approved: (row) => ({
    key: 'withdraw.approved',
    params: { amount: row.amount, coin: row.coin, address: row.address },
  }),
  rejected: (row) => ({
    key: 'withdraw.rejected',
    params: {
      amount: row.amount,
      coin: row.coin,
      reason: row.reason,
      returned: new Big(row.amount).plus(row.fee).toFixed(),
    },
  }),
  sent: (row) => ({
    key: 'withdraw.sent',
    params: { amount: row.amount, coin: row.coin, address: row.address, chain: row.chain, txid: row.txid },
  }),
  completed: (row) => ({
    key: 'withdraw.completed',
    params: { amount: row.amount, coin: row.coin, chain: row.chain, txid: row.txid },
  }),
};

export interface Transition {
  from: readonly WithdrawalRowState[];
  to: WithdrawalRowState;
  movement?: 'release' | 'send';
  /** Only this user's withdrawal (a trader acting on their own). */
  userId?: number;
  set?: Partial<Pick<WithdrawalRow, 'txid' | 'reason' | 'reviewed_by' | 'confirm_attempts'>>;
  /** More writes that must commit with the transition (the operator's audit row). */
  alsoInTransaction?: (trx: Kysely<Database>, row: WithdrawalRow) => Promise<void>;
}

/** Applies a transition; the updated row and the inbox id of its movement, or null when the row was not in `from`. */
export async function applyTransition(
  db: Kysely<Database>,
  id: number,
  transition: Transition,
  now: number,
): Promise<{ row: WithdrawalRow; inboxId: number | null } | null> {
  return db.transaction().execute(async (trx) => {
    let update = trx
      .updateTable('withdrawals')
      .set({ ...transition.set, state: transition.to, updated_at: now })
      .where('id', '=', id)
      .where('state', 'in', [...transition.from]);
    if (transition.userId !== undefined) update = update.where('user_id', '=', transition.userId);
    const row = await update.returningAll().executeTakeFirst();
    if (!row) return null;
    const inboxId = transition.movement
      ? await enqueueMovement(trx, withdrawalMovement(row, transition.movement), now)
      : null;
    const message = messageOf[row.state]?.(row);
    if (message) await writeMessage(trx, { now: () => now }, row.user_id, { type: MessageType.finance, ...message });
    await transition.alsoInTransaction?.(trx, row);
    return { row, inboxId };
  });
}
