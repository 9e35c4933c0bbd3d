import type { ColumnType, Generated } from 'kysely';

/**
 * Spot trading: orders, trades, and the inbox through which other processes hand balance changes to the trading
 * core. Order and trade ids are assigned by the core (it is the only writer), so they are plain bigint keys.
 * Amounts are exact decimal strings.
 */
export interface OrdersTable {
  id: number;
  user_id: number;
  /** The account type it trades on (ledger/accounts.ts): 'exchange' for spot. */
  account: Generated<string>;
  symbol: string;
  side: 'BUY' | 'SELL';
  /** 1 limit, 2 market. */
  type: number;
  /** '0' for market orders. */
  price: string;
  /** Base quantity; for a market buy, the quote amount to spend unless by_quantity. */
  volume: string;
  /** Base quantity filled. */
  deal_volume: string;
  /** Quote turnover filled. */
  deal_money: string;
  /** Fees paid, in fee_coin (the coin this order receives). */
  fee: string;
  fee_coin: string;
  /** Fees paid instead in the platform coin (user/update_fee_coin_open), in platform_fee_coin ('' when none). */
  platform_fee: ColumnType<string, string | undefined, string>;
  platform_fee_coin: ColumnType<string, string | undefined, string>;
  /** What this order still holds locked (quote for a buy, base for a sell); '0' once it ends. */
  reserve: string;
  /** contract OrderStatus. */
  status: number;
  /**
   * 1 when the exchange cancelled it (a market order's unfilled rest, or what a market order could not take within
   * the price band); 2 when self-trade prevention expired it (Binance's EXPIRED_IN_MATCH).
   */
  closed_by_exchange: number;
  client_order_id: string | null;
  /** The error code of a rejected order (status 6), else ''. */
  reject_code: string;
  /** Open API time in force: 'GTC', 'IOC' or 'FOK' (web orders are GTC). */
  time_in_force: ColumnType<string, string | undefined, string>;
  /** 1: post-only (Binance LIMIT_MAKER), refused rather than taking liquidity. */
  post_only: ColumnType<number, number | undefined, number>;
  /** 1: a market buy of `volume` base (the Open API's MARKET BUY with quantity), not of `volume` quote. */
  by_quantity: ColumnType<number, number | undefined, number>;
  /** The quote amount a market order was placed by (a buy's to spend, a sell's to receive), else '0'. */
  quote_order_qty: ColumnType<string, string | undefined, string>;
  /** Self-trade prevention: 'NONE', 'EXPIRE_TAKER', 'EXPIRE_MAKER' or 'EXPIRE_BOTH' (Binance's modes). */
  stp_mode: ColumnType<string, string | undefined, string>;
  /** 1: a margin order that repays its pair's loans from what each fill brings in. */
  auto_repay: ColumnType<number, number | undefined, number>;
  /** A stop-limit order's trigger price; '0' for any other order. */
  trigger_price: ColumnType<string, string | undefined, string>;
  /** Which way a stop-limit order waits (engine TriggerKind: 0 none, 1 stop, 2 take-profit). */
  trigger_kind: ColumnType<number, number | undefined, number>;
  created_at: number;
  updated_at: number;
}

export interface TradesTable {
  id: number;
  symbol: string;
  price: string;
  volume: string;
  /** price × volume, in the quote coin. */
  amount: string;
  maker_order_id: number;
  taker_order_id: number;
  maker_user_id: number;
  taker_user_id: number;
  taker_side: 'BUY' | 'SELL';
  /** In buyer_fee_coin. */
  buyer_fee: string;
  /** In seller_fee_coin. */
  seller_fee: string;
  /** The coin the buyer's fee was charged in: the base coin, or the platform coin; '' on old rows (the base). */
  buyer_fee_coin: ColumnType<string, string | undefined, string>;
  /** The coin the seller's fee was charged in: the quote coin, or the platform coin; '' on old rows (the quote). */
  seller_fee_coin: ColumnType<string, string | undefined, string>;
  created_at: number;
}

export interface CoreInboxTable {
  id: Generated<number>;
  /** 'movement': a ledger movement (JSON) to post through the core; 'fundingSettle': an operator's funding settlement. */
  kind: string;
  payload: string;
  created_at: number;
  /** Set by the core in the transaction that applies the row. */
  processed_at: number | null;
  /** 'ok' or the refusal. */
  result: string;
}

/** A match self-trade prevention stopped; its id is Binance's preventedMatchId. */
export interface PreventedMatchesTable {
  id: Generated<number>;
  symbol: string;
  user_id: number;
  taker_order_id: number;
  maker_order_id: number;
  /** What the taker's mode expired: 'EXPIRE_TAKER', 'EXPIRE_MAKER' or 'EXPIRE_BOTH'. */
  stp_mode: string;
  /** The maker's price. */
  price: string;
  /** The maker's remaining quantity when the match was stopped. */
  maker_prevented_qty: string;
  created_at: number;
}

export interface TradingTables {
  orders: OrdersTable;
  prevented_matches: PreventedMatchesTable;
  trades: TradesTable;
  core_inbox: CoreInboxTable;
  schedule_marks: ScheduleMarksTable;
}

/** Per scheduled task, the moment up to which time has been turned into commands (core/scheduler.ts). */
export interface ScheduleMarksTable {
  task: string;
  done_until: number;
}
