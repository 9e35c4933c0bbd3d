import type { Generated } from 'kysely';

/**
 * The futures catalogue (catalog/contracts.ts). Amounts, rates and the multiplier are exact decimal strings; rates
 * and fees are fractions ('0.0005' is 0.05%); times are epoch milliseconds.
 */
export interface ContractsTable {
  id: Generated<number>;
  /** `{type}-{base}-{quote}`, e.g. E-BTC-USDT. */
  contract_name: string;
  /** E perpetual, W weekly, N next week, M monthly, Q quarterly, S simulated, H hybrid. */
  contract_type: string;
  /** 1 linear (margined in the quote coin), 0 inverse (margined in the base coin). */
  contract_side: number;
  base: string;
  quote: string;
  margin_coin: string;
  /** One contract's face value, in multiplier_coin (the base coin of a linear contract, the quote of an inverse). */
  multiplier: string;
  multiplier_coin: string;
  price_precision: number;
  /** Whole contracts: the least order, and the most one limit order may be. */
  min_order_volume: string;
  max_limit_volume: string;
  /** A market order's value bounds, in the quote coin. */
  min_order_money: string;
  max_market_money: string;
  /** How far (a fraction) a limit price may stray from the mark price. */
  price_range: string;
  /** Hours between fundings, and the hour of day (UTC) of the first. */
  capital_frequency: number;
  capital_start_time: number;
  /** The funding rate's bound either way, a fraction. */
  funding_cap: string;
  maker_fee: string;
  taker_fee: string;
  /** Null for a perpetual. */
  delivery_time: number | null;
  status: ContractStatus;
  sort: number;
  /** The order book's merge steps as decimal places, most first: "2,1,0". */
  depth_steps: string;
  funds_in_status: number;
  funds_out_status: number;
  created_at: number;
  updated_at: number;
}

/** `delivered`: a dated contract settled at its delivery time (futures_deliveries); like `delisted`, no longer served. */
export type ContractStatus = 'listed' | 'halted' | 'delisted' | 'delivered';

/**
 * A leverage bracket: positions up to max_notional (margin coin) may use up to max_leverage, and keep
 * maintenance_rate of their value; cumulative_amount is the bracket's maintenance amount, so that maintenance margin
 * = notional x rate - cumulative_amount is continuous across brackets.
 */
export interface ContractBracketsTable {
  contract_id: number;
  /** 1 for the smallest positions. */
  tier: number;
  max_notional: string;
  max_leverage: number;
  maintenance_rate: string;
  cumulative_amount: string;
}

/** A user who has opened a futures account (user/create_co_id): the row's presence is openContract 1. */
export interface FuturesUsersTable {
  user_id: number;
  opened_at: number;
  /** 1 once the simulated-trading coupon was claimed (user/receive_coupon). */
  coupon_tag: Generated<number>;
}

/** A user's settings for one contract, written at the first edit; the codes are the original's (futures/user-config.ts). */
export interface FuturesUserConfigTable {
  user_id: number;
  contract_id: number;
  /** Leverage, a whole number of times. */
  now_level: number;
  /** 1 cross, 2 isolated. */
  margin_model: number;
  /** 1 one-way, 2 hedge. */
  position_model: number;
  /** Volumes shown in 1 the base coin, 2 contracts. */
  co_unit: number;
  /** 1 asks to confirm before an order is placed, 0 does not. */
  pc_second_confirm: number;
  /** Days a conditional order lives: 1, 7, 14 or 30. */
  expire_time: number;
  updated_at: number;
}

/**
 * A position, open or closed (core/futures/futures-state.ts). Quantities are whole contracts (signed: long above
 * zero), money is in the contract's margin coin; a closed row is the position history.
 */
export interface FuturesPositionsTable {
  id: number;
  user_id: number;
  symbol: string;
  contract_id: number;
  /** both (one-way), long or short (hedge). */
  position_side: string;
  qty: string;
  entry: string;
  leverage: number;
  /** 1 cross, 2 isolated. */
  margin_mode: number;
  margin: string;
  realized: string;
  fee: string;
  funding: string;
  max_qty: string;
  closed_qty: string;
  close_turnover: string;
  open: number;
  opened_at: number;
  updated_at: number;
}

/** What a futures order is to its position: one row per order in `orders` whose account is co. */
export interface FuturesOrdersTable {
  order_id: number;
  user_id: number;
  symbol: string;
  position_side: string;
  reduce_only: number;
  leverage: number;
  margin_mode: number;
  /** The original's order type: 1 limit, 2 market, 3 IOC, 4 FOK, 5 post-only, 6 forced. */
  kind: number;
  reduce_left: string;
  realized: string;
}

/** Per trade of a contract: what it realized for each side, and their positions. */
export interface FuturesFillsTable {
  trade_id: number;
  symbol: string;
  buyer_realized: string;
  seller_realized: string;
  buyer_position_id: number;
  seller_position_id: number;
}

/** A liquidation, as core/futures/futures-liquidation.ts records it. */
export interface FuturesLiquidationsTable {
  id: Generated<number>;
  position_id: number;
  user_id: number;
  symbol: string;
  /** Signed contracts when it began. */
  qty: string;
  entry: string;
  margin_mode: number;
  mark: string;
  /** Empty when no price bankrupted it. */
  bankruptcy_price: string;
  by_book: string;
  by_fund: string;
  by_adl: string;
  /** JSON: [{ positionId, userId, qty }] of the positions auto-deleveraged against it. */
  adl: string;
  fund_before: string;
  fund_after: string;
  /** `whole`, or `partial`: a reduction by bracket through the book alone, to `keep` contracts. */
  kind: string;
  /** The contracts a partial liquidation aimed to leave open ('0' for a whole one). */
  keep: string;
  created_at: number;
}

/** A dated contract's delivery, as core/futures/futures-delivery.ts records it. */
export interface FuturesDeliveriesTable {
  contract_id: number;
  symbol: string;
  delivery_time: number;
  /** The delivery price, ledger text. */
  price: string;
  /** JSON: [{ openTime, close }] of the index bars averaged. */
  bars: string;
  /** JSON: [{ positionId, userId, qty, entry, realized }] of the positions closed. */
  positions: string;
  orders_cancelled: number;
  /** The contract listed in its place (null until the roll). */
  successor_id: number | null;
  created_at: number;
}

export interface FuturesTables {
  contracts: ContractsTable;
  contract_brackets: ContractBracketsTable;
  futures_users: FuturesUsersTable;
  futures_user_config: FuturesUserConfigTable;
  futures_positions: FuturesPositionsTable;
  futures_orders: FuturesOrdersTable;
  futures_fills: FuturesFillsTable;
  futures_liquidations: FuturesLiquidationsTable;
  futures_deliveries: FuturesDeliveriesTable;
}
