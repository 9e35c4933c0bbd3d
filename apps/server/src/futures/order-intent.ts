import type { Kysely } from 'kysely';
import type { Contract } from '../catalog/contracts.ts';
import type { FuturesPlaceCommand } from '../core/futures/futures-commands.ts';
import type { PositionSide } from '../core/futures/futures-state.ts';
import type { Database } from '../db/schema.ts';
import { futuresSettings } from './futures-settings.ts';

/**
 * What an order of the co host is to its position, from the user's settings for the contract now: the leverage and
 * margin mode, and the position it opens or closes. `open` CLOSE is reduce-only. Hedge mode: a buy opens the long and
 * closes the short; one-way: one net position. Conditional orders store it when created and place with it later.
 */
export async function orderIntent(
  db: Kysely<Database>,
  userId: number,
  contract: Contract,
  side: 'BUY' | 'SELL',
  open: 'OPEN' | 'CLOSE',
): Promise<{ intent: FuturesPlaceCommand['intent']; expireDays: number }> {
  const settings = await futuresSettings(db, userId, contract);
  const opening = open === 'OPEN';
  const hedge = settings.positionModel === 2;
  const positionSide: PositionSide = !hedge ? 'both' : (side === 'BUY') === opening ? 'long' : 'short';
  return {
    intent: { positionSide, reduceOnly: !opening, leverage: settings.nowLevel, marginMode: settings.marginModel },
    expireDays: settings.expireTime,
  };
}
