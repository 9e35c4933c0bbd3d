/**
 * Market data derived from trades: K-line candles per market and period (open_time in epoch seconds, prices and
 * volumes as decimal strings), and the id of the last trade they include, written in the same transaction.
 */
export interface KlinesTable {
  symbol: string;
  period: string;
  open_time: number;
  open: string;
  high: string;
  low: string;
  close: string;
  vol: string;
  amount: string;
  updated_at: number;
}

export interface KlineProgressTable {
  /** 'klines': one row. */
  name: string;
  last_trade_id: number;
}

export interface MarketDataTables {
  klines: KlinesTable;
  kline_progress: KlineProgressTable;
}
