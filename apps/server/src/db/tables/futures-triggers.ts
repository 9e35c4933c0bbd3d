import type { Generated } from 'kysely';

/**
 * A futures conditional order (futures/trigger-store.ts): held off the book until the watched price reaches its
 * trigger, then placed with the settings stored here. Codes are the original's (contract-notes-products.md §1.3,
 * CoTrigger* in the contract); prices are exact decimal strings, '0' where there is none; times are epoch ms.
 */
export interface FuturesTriggerOrdersTable {
  id: Generated<number>;
  user_id: number;
  contract_id: number;
  /** The contract's book: e-btc-usdt. */
  symbol: string;
  side: 'BUY' | 'SELL';
  /** 1 for a closing (CLOSE) order. */
  reduce_only: number;
  /** both (one-way), long or short (hedge): the position it opens or closes. */
  position_side: string;
  leverage: number;
  /** 1 cross, 2 isolated. */
  margin_mode: number;
  /** 1 limit, 2 market. */
  order_type: number;
  price: string;
  /** Whole contracts. */
  volume: string;
  /** Not used by a trailing stop, which follows its extreme. */
  trigger_price: string;
  /** 1 last trade price, 2 mark price. */
  price_kind: number;
  /** 1 stop-loss, 2 take-profit, 3 conditional, 4 trailing stop. */
  trigger_type: number;
  /** 1 fires when the price rises to the trigger, 2 when it falls to it (a trailing stop: retraces). */
  direction: number;
  /** 1: a position's take-profit or stop-loss (order/order_tpsl_create). */
  tpsl: number;
  /** Trailing stops: the retrace that fires it (a fraction), the price that activates it, the best price since. */
  callback_rate: string;
  activation_price: string;
  extreme: string;
  expire_days: number;
  expire_at: number;
  /** 0 active, 1 expired, 2 done, 3 failed, 4 cancelled. */
  status: number;
  memo: number;
  /** Why the placed order was refused, when it failed. */
  error_code: string;
  order_id: number | null;
  created_at: number;
  updated_at: number;
}

export interface FuturesTriggerTables {
  futures_trigger_orders: FuturesTriggerOrdersTable;
}
