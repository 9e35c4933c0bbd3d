import type { TradeTick } from '@opex/contract/realtime';
import Big from 'big.js';

/** How many large trades the panel keeps. */
export const LARGE_TRADES_KEPT = 50;

/** A trade worth at least `minValue` in the quote coin (price × amount, exact). A minimum of 0 marks none. */
export function isLargeTrade(trade: TradeTick, minValue: string): boolean {
  const min = new Big(minValue);
  return min.gt(0) && new Big(trade.price).times(trade.vol).gte(min);
}

/**
 * The large trades seen so far plus those of the latest feed, newest first, each once. The feed holds only the
 * latest trades, so large ones are kept after they scroll out of it.
 */
export function mergeLargeTrades(
  kept: readonly TradeTick[],
  feed: readonly TradeTick[],
  minValue: string,
): TradeTick[] {
  const byId = new Map(kept.map((trade) => [trade.id, trade]));
  for (const trade of feed) if (isLargeTrade(trade, minValue)) byId.set(trade.id, trade);
  return [...byId.values()].sort((a, b) => b.ts - a.ts || b.id - a.id).slice(0, LARGE_TRADES_KEPT);
}
