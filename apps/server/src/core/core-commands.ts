import { ErrorCode } from '@opex/contract/error-codes';
import { assertBalanced, LedgerError, type LedgerFailure, type Movement } from '../ledger/ledger.ts';
import { parseLedger } from '../ledger/ledger-units.ts';
import type { ClientOrderIds } from './client-order-ids.ts';
import type { CommandEntry } from './command-entry.ts';
import type { CoreState } from './core-state.ts';
import {
  type CancelOutcome,
  cancelAllOrders,
  cancelOrder,
  type PlaceCommand,
  type PlaceOutcome,
  placeOrder,
} from './order-execution.ts';

/**
 * The core's command table: spot's commands, the ledger's movements and the core's own settings. Margin, futures,
 * P2P escrow and earn add their rows beside these (coreCommands spreads each product's table).
 */
export type MovementOutcome = { ok: true } | { ok: false; reason: LedgerFailure | 'unavailable' };
export type CancelAllOutcome = { ok: true; count: number } | { ok: false; code: typeof ErrorCode.tradingUnavailable };
export interface CancelCommand {
  userId: number;
  orderId: number;
  symbol: string;
}
/** A movement, and the core_inbox row it came from when another process sent it. */
export interface MovementCommand {
  movement: Movement;
  inboxId?: number;
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
    cancelAll: entry<{ userId: number; symbol: string | null }, CancelAllOutcome>({
      owners: (c) => [c.userId],
      apply: ({ state, batch, at }, c) => ({ ok: true, count: cancelAllOrders(state, batch, c, at) }),
      unavailable: unavailableOrder,
    }),
  };
}

export const ledgerCommands = {
  /** A ledger movement (deposit, operator credit, transfer) posted through the core. */
  movement: entry<MovementCommand, MovementOutcome>({
    owners: (c) => (c.movement.postings ?? []).map((p) => p.ownerId),
    apply: ({ state, batch, at }, { movement, inboxId }) => {
      const outcome = applyMovement(state, batch.ledger, movement, at);
      if (inboxId !== undefined) batch.inboxDone.push({ id: inboxId, result: outcome.ok ? 'ok' : outcome.reason });
      return outcome;
    },
    unavailable: () => ({ ok: false, reason: 'unavailable' }),
  }),
};

/** What the core keeps in memory of settings that its commands read. */
export const settingCommands = {
  /** A user's platform-coin fee switch (user/update_fee_coin_open), after it is stored. */
  feeCoinOpen: entry<{ userId: number; open: boolean }, void>({
    owners: () => [],
    apply: ({ state }, { userId, open }) => {
      if (open) state.feeCoinUsers.add(userId);
      else state.feeCoinUsers.delete(userId);
    },
    unavailable: () => {},
  }),
  /** Reads the markets from the catalogue now (otherwise re-read every few seconds while commands flow). */
  reloadMarkets: entry<Record<string, never>, void>({
    owners: () => [],
    needsMarkets: () => true,
    apply: () => {},
    unavailable: () => {},
  }),
};

export function coreCommands(clientOrders: ClientOrderIds) {
  return { ...spotCommands(clientOrders), ...ledgerCommands, ...settingCommands };
}
export type CoreCommands = ReturnType<typeof coreCommands>;

function applyMovement(
  state: CoreState,
  ledger: Parameters<CoreState['balances']['post']>[4],
  movement: Movement,
  at: number,
): MovementOutcome {
  try {
    assertBalanced(movement);
    const postings = movement.postings.map((p) => {
      const delta = parseLedger(p.delta);
      if (delta === null) throw new LedgerError('invalid_amount', `More than 18 decimals: ${p.delta}`);
      return { ...p, delta };
    });
    state.balances.post(movement.cause, movement.causeId, postings, at, ledger, movement.memo ?? '');
    return { ok: true };
  } catch (error) {
    if (error instanceof LedgerError) return { ok: false, reason: error.reason };
    throw error;
  }
}
