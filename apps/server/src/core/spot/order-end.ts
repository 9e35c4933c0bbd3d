import type { BatchEffects } from '../batch-effects.ts';
import type { CoreState } from '../core-state.ts';
import { lockCoinOf, type OrderState } from '../order-state.ts';
import type { RiskStage } from '../risk-stage.ts';
import { riskStageOf } from '../risk-stages.ts';

/** An order leaves the book: what it still holds is unlocked in the same batch. */
export function end(state: CoreState, batch: BatchEffects, order: OrderState, status: number, now: number): void {
  if (order.reserve > 0n) {
    // Placed only where a risk stage trades, so it has one.
    (riskStageOf(order.account) as RiskStage).release(
      { state, batch, at: now },
      order,
      lockCoinOf(order),
      order.reserve,
    );
    order.reserve = 0n;
  }
  order.status = status;
  order.updatedAt = now;
  state.open.delete(order.id);
  state.autoRepay.delete(order.id);
  if (order.spec.futures) {
    const futures = state.futures.orders.get(order.id);
    if (futures) batch.futuresOrders.set(order.id, futures);
    state.futures.removeOrder(order.id);
  }
  batch.orders.set(order.id, order);
}
