import type { AccountTypeName } from '@opex/contract/calls/finance-transfer';
import { type LedgerScene, type ledgerRow, ledgerScenes } from '@opex/contract/calls/record-ledger';
import { type Kysely, type Selectable, sql } from 'kysely';
import type { z } from 'zod';
import { countedPage, type Paging } from '../../db/paging.ts';
import type { Database } from '../../db/schema.ts';
import type { LedgerEntriesTable } from '../../db/tables/ledger.ts';

/** Reads of a user's ledger rows for the history page: committed rows, newest first, moves within a balance left out. */
export interface LedgerFilter {
  coinSymbol?: string | undefined;
  transactionScene?: LedgerScene | '' | undefined;
  accountType?: AccountTypeName | undefined;
}

export const sceneNames: Record<LedgerScene, string> = {
  deposit: 'Deposit',
  withdrawal: 'Withdrawal',
  transfer: 'Transfer',
  trade: 'Trade',
  fee: 'Trading fee',
  operator_credit: 'Credit',
  interest: 'Interest',
  funding: 'Funding',
  reward: 'Reward',
  liquidation: 'Liquidation',
};

export function ledgerHistory(db: Kysely<Database>, userId: number, filter: LedgerFilter, paging: Paging) {
  let query = db
    .selectFrom('ledger_entries')
    .where('owner_id', '=', userId)
    .where('cause', 'in', filter.transactionScene ? [filter.transactionScene] : [...ledgerScenes])
    // A move between a balance's available and locked parts (a withdrawal reserving its amount, a self-trade) is a
    // pair of rows of one cause, opposite parts and negated deltas: it changes nothing the user owns, so neither
    // row is history. Deltas are normalised decimal strings, so negating the text is exact.
    .where(({ not, exists, selectFrom }) =>
      not(
        exists(
          selectFrom('ledger_entries as twin')
            .select('twin.id')
            // cause first: the (cause, cause_id) index finds the twin.
            .whereRef('twin.cause', '=', 'ledger_entries.cause')
            .whereRef('twin.cause_id', '=', 'ledger_entries.cause_id')
            .whereRef('twin.owner_id', '=', 'ledger_entries.owner_id')
            .whereRef('twin.account', '=', 'ledger_entries.account')
            .whereRef('twin.coin', '=', 'ledger_entries.coin')
            .whereRef('twin.field', '<>', 'ledger_entries.field')
            .where(
              'twin.delta',
              '=',
              sql<string>`CASE WHEN ledger_entries.delta LIKE '-%' THEN substr(ledger_entries.delta, 2) ELSE '-' || ledger_entries.delta END`,
            ),
        ),
      ),
    );
  if (filter.coinSymbol) query = query.where('coin', '=', filter.coinSymbol);
  if (filter.accountType) query = query.where('account', '=', filter.accountType);
  return countedPage(query, paging);
}

export function ledgerRowOf(entry: Selectable<LedgerEntriesTable>): z.input<typeof ledgerRow> {
  return {
    id: entry.id,
    coinSymbol: entry.coin,
    accountType: entry.account as AccountTypeName,
    transactionScene: entry.cause as LedgerScene,
    amount: entry.delta,
    balanceAfter: entry.balance_after,
    field: entry.field,
    causeId: entry.cause_id,
    createdAtTime: Number(entry.created_at),
    status: 1,
    status_text: 'Completed',
  };
}
