import { LedgerError, type LedgerFailure, type Movement } from '../ledger/ledger.ts';
import type { CommandEntry } from './command-entry.ts';
import type { CoreState } from './core-state.ts';
import { fundingCommands } from './futures/funding-commands.ts';
import { futuresCommands } from './futures/futures-commands.ts';
import { deliveryCommands } from './futures/futures-delivery.ts';
import { marginCommands } from './margin/margin-commands.ts';
import type { ClientOrderIds } from './spot/client-order-ids.ts';
import { spotCommands } from './spot/spot-commands.ts';

/**
 * The core's command table: spot's commands, the ledger's movements and the core's own settings. Margin, futures,
 * P2P escrow and earn add their rows beside these (coreCommands spreads each product's table).
 */
export type MovementOutcome = { ok: true } | { ok: false; reason: LedgerFailure | 'unavailable' };
/** A movement, and the core_inbox row it came from when another process sent it. */
export interface MovementCommand {
  movement: Movement;
  inboxId?: number;
}

const entry = <I, O>(e: CommandEntry<I, O>) => e;

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
  return {
    ...spotCommands(clientOrders),
    ...marginCommands(clientOrders),
    ...futuresCommands(clientOrders),
    ...fundingCommands(),
    ...deliveryCommands(),
    ...ledgerCommands,
    ...settingCommands,
  };
}
export type CoreCommands = ReturnType<typeof coreCommands>;

function applyMovement(
  state: CoreState,
  ledger: Parameters<CoreState['balances']['post']>[4],
  movement: Movement,
  at: number,
): MovementOutcome {
  try {
    state.balances.postMovement(movement, at, ledger);
    return { ok: true };
  } catch (error) {
    if (error instanceof LedgerError) return { ok: false, reason: error.reason };
    throw error;
  }
}
