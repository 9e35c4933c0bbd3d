import { ErrorCode } from '@opex/contract/error-codes';
import type { Account } from '../../ledger/accounts.ts';
import type { CommandEntry } from '../command-entry.ts';
import type { ClientOrderIds } from './client-order-ids.ts';
import { type CancelOutcome, cancelAllOrders, cancelOrder } from './order-cancel.ts';
import { type PlaceCommand, type PlaceOutcome, placeOrder } from './order-placement.ts';

/** Spot's rows of the core's command table. */
export type CancelAllOutcome = { ok: true; count: number } | { ok: false; code: typeof ErrorCode.tradingUnavailable };
export interface CancelCommand {
  userId: number;
  orderId: number;
  symbol: string;
  /** The account the order trades on; the exchange account when absent. */
  account?: Account;
}

const entry = <I, O>(e: CommandEntry<I, O>) => e;
const unavailableOrder = () => ({ ok: false as const, code: ErrorCode.tradingUnavailable });

export function spotCommands(clientOrders: ClientOrderIds) {
  return {
    place: entry<PlaceCommand, PlaceOutcome>({
      owners: (c) => [c.userId],
      needsMarkets: (c, state) => !state.markets.has(c.symbol),
      prepare: (db, commands) => clientOrders.prepare(db, commands),
      apply: ({ state, batch, at, seq }, c) => clientOrders.once(c, seq, () => placeOrder(state, batch, c, at)),
      unavailable: unavailableOrder,
    }),
    cancel: entry<CancelCommand, CancelOutcome>({
      owners: (c) => [c.userId],
      apply: ({ state, batch, at }, c) => cancelOrder(state, batch, c, at),
      unavailable: unavailableOrder,
    }),
    /** Every open order of a user, in one market or all, as one command. */
    cancelAll: entry<{ userId: number; symbol: string | null; account?: Account }, CancelAllOutcome>({
      owners: (c) => [c.userId],
      apply: ({ state, batch, at }, c) => ({ ok: true, count: cancelAllOrders(state, batch, c, at) }),
      unavailable: unavailableOrder,
    }),
  };
}
