import type { DepositRecord, depositStates } from '@opex/contract/calls/deposit';
import type { Selectable } from 'kysely';
import type { DepositsTable } from '../db/tables/deposits.ts';

/** A user's deposit row as the deposit list shows it and the private `user_deposits` channel pushes it. */
export function depositRecordOf(row: Selectable<DepositsTable>): DepositRecord {
  return {
    id: Number(row.id),
    symbol: row.coin,
    chain: row.chain,
    txid: row.txid,
    outputIndex: row.output_index,
    address: row.address,
    memo: row.memo,
    amount: row.amount,
    creditedAmount: row.credited_amount,
    confirmations: row.confirmations,
    requiredConfirmations: row.required_confirmations,
    // A user's deposit is never 'unmatched' (that state has no user).
    status: row.state as (typeof depositStates)[number],
    createdAt: Number(row.created_at),
    creditedAt: row.credited_at === null ? null : Number(row.credited_at),
  };
}
