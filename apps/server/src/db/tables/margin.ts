import type { Generated } from 'kysely';

/** Amounts are exact decimal strings; rates are fractions ('0.0002' a day; '1.3' a 130% line). */
export interface MarginCoinsTable {
  coin: string;
  daily_rate: string;
  min_borrow: string;
  updated_at: number;
}

export interface MarginPairsTable {
  symbol: string;
  warn_rate: string;
  transfer_rate: string;
  liquidation_rate: string;
  /** How far below (a sell) or above (a buy) the index price a liquidation may trade, as a fraction. */
  liquidation_margin: string;
  updated_at: number;
}

/** A loan's exact state (core/margin/loan-interest.ts): decimals to 18 places, the remainder an integer. */
export interface MarginLoansTable {
  id: number;
  user_id: number;
  /** Upper case, BTCUSDT. */
  symbol: string;
  coin: string;
  borrowed: string;
  principal: string;
  /** Accrued and unpaid interest, finer than the coin's unit (up to 18 decimals). */
  interest: string;
  /** The accrual's division remainder: an integer numerator below INTEREST_DENOMINATOR. */
  remainder: string;
  accrued_until: number;
  /** Interest posted to the ledger and not yet paid. */
  posted: string;
  interest_paid: string;
  daily_rate: string;
  status: number;
  created_at: number;
  updated_at: number;
}

export interface MarginRepaymentsTable {
  id: Generated<number>;
  loan_id: number;
  user_id: number;
  coin: string;
  amount: string;
  interest: string;
  principal: string;
  type: number;
  created_at: number;
}

export interface MarginLiquidationsTable {
  id: Generated<number>;
  user_id: number;
  symbol: string;
  index_price: string;
  risk_rate: string;
  /** JSON: the account before, the orders placed, what they filled, what was repaid and what the fund covered. */
  details: string;
  created_at: number;
}

export interface MarginTables {
  margin_coins: MarginCoinsTable;
  margin_pairs: MarginPairsTable;
  margin_loans: MarginLoansTable;
  margin_repayments: MarginRepaymentsTable;
  margin_liquidations: MarginLiquidationsTable;
}
