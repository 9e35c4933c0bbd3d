import { ErrorCode } from '@opex/contract/error-codes';
import type { CorePosting } from '../balance-cache.ts';
import type { OrderState } from '../order-state.ts';
import type { RiskStage, RiskStep } from '../risk-stage.ts';

/** Spot's risk stage: an order holds its account's available balance, moved to locked until it trades or leaves. */
export const cashRisk: RiskStage = {
  check(state, order, coin, amount) {
    return state.balances.get(order.userId, order.account, coin).available < amount
      ? ErrorCode.insufficientBalance
      : null;
  },
  hold(step, order, coin, amount) {
    post(step, 'order_lock', order, lockMove(order, coin, -amount, amount));
  },
  release(step, order, coin, amount) {
    post(step, 'order_unlock', order, lockMove(order, coin, amount, -amount));
  },
};

function post(step: RiskStep, cause: 'order_lock' | 'order_unlock', order: OrderState, postings: CorePosting[]) {
  step.state.balances.post(cause, `order:${order.id}`, postings, step.at, step.batch.ledger);
}

const lockMove = (order: OrderState, coin: string, available: bigint, locked: bigint): CorePosting[] => [
  { ownerId: order.userId, account: order.account, coin, field: 'available', delta: available },
  { ownerId: order.userId, account: order.account, coin, field: 'locked', delta: locked },
];
