import type { Generated } from 'kysely';

/**
 * Futures prices and funding (migration 0034). Prices and rates are exact decimal strings (rates are fractions);
 * times are epoch milliseconds.
 */

/** One minute of a contract's index or mark price (futures/contract-prices.ts). */
export interface FuturesPriceKlinesTable {
  contract_id: number;
  kind: PriceKind;
  /** The minute's start. */
  open_time: number;
  open: string;
  high: string;
  low: string;
  close: string;
}

export type PriceKind = 'index' | 'mark';

/** A perpetual contract's premium sampled at the minute `at`, and the index it was taken against. */
export interface FundingSamplesTable {
  contract_id: number;
  at: number;
  premium: string;
  index_price: string;
}

/**
 * A settled funding: the rate of the interval that ended at funding_time, from its `samples` premium samples, and
 * the mark price then (null when the contract had none), which the payment to positions values them at.
 */
export interface FundingRatesTable {
  id: Generated<number>;
  contract_id: number;
  funding_time: number;
  rate: string;
  mark: string | null;
  samples: number;
}

export interface FuturesPriceTables {
  futures_price_klines: FuturesPriceKlinesTable;
  funding_samples: FundingSamplesTable;
  funding_rates: FundingRatesTable;
}
