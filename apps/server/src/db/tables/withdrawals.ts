import type { Generated } from 'kysely';

/**
 * Withdrawals: the operator's fee, minimum, review threshold and daily limits per coin and chain; each user's
 * address book; and the withdrawals themselves with their state (WithdrawState in the contract, plus 'locking'
 * for the moment between the row and its ledger lock).
 */
export interface WithdrawCoinChainsTable {
  coin: string;
  /** A chain of the chains table (its kind and network say how addresses are checked). */
  chain: string;
  fee: string;
  min_amount: string;
  /** Amounts above this wait for an operator; '0': every withdrawal does. */
  review_threshold: string;
  /** Daily limit (rolling 24 hours, across the coin's chains) without verified identity. */
  daily_limit_basic: string;
  /** Daily limit once KYC is approved. */
  daily_limit_verified: string;
  updated_at: number;
}

export interface WithdrawAddressesTable {
  id: Generated<number>;
  user_id: number;
  coin: string;
  chain: string;
  address: string;
  label: string;
  created_at: number;
}

export type WithdrawalRowState =
  | 'locking'
  | 'unconfirmed'
  | 'review'
  | 'approved'
  | 'sent'
  | 'completed'
  | 'rejected'
  | 'cancelled';

export interface WithdrawalsTable {
  id: Generated<number>;
  user_id: number;
  coin: string;
  chain: string;
  address: string;
  /** What the address receives. */
  amount: string;
  /** Kept by the exchange; amount + fee was locked. */
  fee: string;
  state: WithdrawalRowState;
  txid: string;
  reason: string;
  /** sha256 of the e-mailed code and of the link's token. */
  confirm_code_hash: string;
  confirm_token_hash: string;
  confirm_expires_at: number;
  confirm_attempts: number;
  /** 1 when the amount was above the review threshold at request. */
  needs_review: number;
  reviewed_by: string;
  created_at: number;
  updated_at: number;
}

export interface WithdrawalTables {
  withdraw_coin_chains: WithdrawCoinChainsTable;
  withdraw_addresses: WithdrawAddressesTable;
  withdrawals: WithdrawalsTable;
}
