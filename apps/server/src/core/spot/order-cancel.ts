import { ErrorCode, type ErrorCodeValue } from '@opex/contract/error-codes';
import type { Account } from '../../ledger/accounts.ts';
import type { BatchEffects } from '../batch-effects.ts';
import type { CoreState, Market } from '../core-state.ts';
import type { OrderState } from '../order-state.ts';
import { settleEvents } from './book-events.ts';

/**
 * Cancelling: the engine cancels, and the book's events release what the order held. An order is cancelled through
 * the account it trades on (the exchange account unless named): spot's calls never touch a margin order.
 */
export type CancelOutcome = { ok: true; orderId: number; status: number } | { ok: false; code: ErrorCodeValue };

export function cancelOrder(
  state: CoreState,
  batch: BatchEffects,
  cmd: { userId: number; orderId: number; symbol: string; account?: Account },
  now: number,
): CancelOutcome {
  const order = state.open.get(cmd.orderId);
  const account = cmd.account ?? 'exchange';
  if (!order || order.userId !== cmd.userId || order.spec.symbol !== cmd.symbol || order.account !== account) {
    return { ok: false, code: ErrorCode.orderNotOpen };
  }
  const market = state.markets.get(cmd.symbol) as Market;
  market.book.cancel({ type: 'cancel', id: order.id, ts: now });
  batch.touchedMarkets.add(cmd.symbol);
  settleEvents(state, batch, market, now);
  return { ok: true, orderId: order.id, status: order.status };
}

/**
 * Cancels every live order of a user (in one market, or all), in id order, as one command: each is cancelled on
 * its book and unlocked as order/cancel does. Answers how many were cancelled.
 */
export function cancelAllOrders(
  state: CoreState,
  batch: BatchEffects,
  cmd: { userId: number; symbol: string | null; account?: Account },
  now: number,
): number {
  const account = cmd.account ?? 'exchange';
  const ids = state.open.idsOf(cmd.userId, cmd.symbol).filter((id) => state.open.get(id)?.account === account);
  for (const id of ids) {
    const order = state.open.get(id) as OrderState;
    cancelOrder(state, batch, { userId: cmd.userId, orderId: id, symbol: order.spec.symbol, account }, now);
  }
  return ids.length;
}
