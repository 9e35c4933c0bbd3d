import { CoTriggerType } from '@opex/contract/calls/co-trigger';
import { ErrorCode, type ErrorCodeValue } from '@opex/contract/error-codes';
import type { Direction } from './trigger-book.ts';

/**
 * The rules a conditional order is created by (prices in ledger units): which way it waits, decided by its type
 * and side or, for a plain conditional order, by the side of the price now it is on; the refusal of one that would
 * fire at once (Binance's -2021); a limit price near its trigger; a trailing stop's callback; a position's
 * take-profit and stop-loss against the mark and liquidation prices (contract-notes-products.md §1.3).
 */
const ONE = 10n ** 18n;
/** A trailing stop's callback: 0.1% to 5%. */
const CALLBACK_MIN = ONE / 1000n;
const CALLBACK_MAX = ONE / 20n;

/**
 * Which way a stop-loss, take-profit or trailing stop waits: a sell's stop-loss (and trailing stop) fires on a fall
 * and its take-profit on a rise; a buy's the other way round.
 */
export function fixedDirection(triggerType: number, side: 'BUY' | 'SELL'): Direction {
  const fallsForSell = triggerType !== CoTriggerType.takeProfit;
  return (side === 'SELL') === fallsForSell ? 2 : 1;
}

/** True when a trigger waiting this way is already reached at `now`. */
export const reached = (direction: Direction, trigger: bigint, now: bigint): boolean =>
  direction === 1 ? now >= trigger : now <= trigger;

/**
 * The way a new trigger waits, or the refusal: types 1 and 2 wait by their side and must not be reached now; a
 * plain conditional order waits for the price to come to it from where it is now (an equal price is refused).
 */
export function waitingDirection(
  triggerType: number,
  side: 'BUY' | 'SELL',
  trigger: bigint,
  now: bigint,
): Direction | ErrorCodeValue {
  const direction: Direction =
    triggerType === CoTriggerType.conditional ? (trigger > now ? 1 : 2) : fixedDirection(triggerType, side);
  return reached(direction, trigger, now) ? ErrorCode.futuresTriggerWouldFire : direction;
}

/** A limit price may differ from its trigger price by at most `range` (a fraction) of the trigger price. */
export function withinPriceRange(price: bigint, trigger: bigint, range: bigint): boolean {
  const gap = price > trigger ? price - trigger : trigger - price;
  return gap * ONE <= trigger * range;
}

export const validCallbackRate = (rate: bigint): boolean => rate >= CALLBACK_MIN && rate <= CALLBACK_MAX;

/**
 * A take-profit or stop-loss on a position (long when `long`): a long's take-profit triggers above the mark, its
 * stop-loss below the mark and above the liquidation price; a short's the other way round. Null when it may be
 * created.
 */
export function tpslRefusal(
  triggerType: number,
  trigger: bigint,
  long: boolean,
  mark: bigint,
  liquidation: bigint | null,
): ErrorCodeValue | null {
  const above = (a: bigint, b: bigint) => (long ? a > b : a < b);
  if (triggerType === CoTriggerType.takeProfit) return above(trigger, mark) ? null : ErrorCode.futuresTakeProfitSide;
  if (!above(mark, trigger)) return ErrorCode.futuresStopLossSide;
  if (liquidation !== null && liquidation > 0n && !above(trigger, liquidation))
    return ErrorCode.futuresStopLossLiquidation;
  return null;
}
