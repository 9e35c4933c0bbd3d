import type { ErrorCodeValue } from '@opex/contract/error-codes';
import type { BatchEffects } from './batch-effects.ts';
import type { CoreState } from './core-state.ts';
import type { OrderState } from './order-state.ts';

/**
 * What an order may spend (amounts in ledger units), decided by the product its account belongs to, as exchange-core's risk engine switches
 * on the symbol type: spot holds the exchange account's available balance; margin will hold collateral plus what it
 * may borrow; futures initial margin against positions. Matching is the same engine for all of them.
 */
export interface RiskStage {
  /** Null when the order's account can hold `amount` of `coin`, else the refusal; changes nothing. */
  check(state: CoreState, order: OrderState, coin: string, amount: bigint): ErrorCodeValue | null;
  /** Holds what check() allowed, once the book has taken the order. */
  hold(step: RiskStep, order: OrderState, coin: string, amount: bigint): void;
  /** Gives back what an order still holds when it leaves the book. */
  release(step: RiskStep, order: OrderState, coin: string, amount: bigint): void;
  /** After a fill is settled: what it brought into the order's account, net of fees (margin's auto-repay). */
  received?(step: RiskStep, order: OrderState, coin: string, amount: bigint): void;
}

export interface RiskStep {
  state: CoreState;
  batch: BatchEffects;
  at: number;
}
