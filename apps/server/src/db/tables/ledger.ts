import type { Generated } from 'kysely';

export interface BalancesTable {
  owner_id: number;
  account: string;
  coin: string;
  available: string;
  locked: string;
  updated_at: number;
}

export interface LedgerEntriesTable {
  id: Generated<number>;
  owner_id: number;
  account: string;
  coin: string;
  field: 'available' | 'locked';
  delta: string;
  balance_after: string;
  cause: string;
  cause_id: string;
  memo: string;
  created_at: number;
}

export interface LedgerTables {
  balances: BalancesTable;
  ledger_entries: LedgerEntriesTable;
}
