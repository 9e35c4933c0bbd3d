import type { DepthTick } from '@opex/contract/realtime';
import { depth } from '@opex/engine/depth';
import { formatUnits, toUnits } from '../core/decimal-units.ts';
import type { TradingCore } from '../core/trading-core.ts';

/** Levels a side the protocol sends (the original client's cap). */
export const DEPTH_LEVELS = 150;

/** The market's merge step N in ticks, or null when the market or step does not exist. */
export function depthStepTicks(core: TradingCore, symbol: string, index: number): number | null {
  const spec = core.market(symbol);
  const step = spec?.depthSteps[index];
  if (!spec || step === undefined) return null;
  const units = toUnits(step, spec.pricePrecision);
  return units.ok && units.units > 0 ? units.units : null;
}

/** L2 depth of a market merged at a step, as decimal strings at the market's precision. */
export function depthTick(core: TradingCore, symbol: string, stepTicks: number): DepthTick | null {
  const spec = core.market(symbol);
  const book = core.book(symbol);
  if (!spec || !book) return null;
  const d = depth(book, stepTicks, DEPTH_LEVELS);
  const row = ([price, lots]: [number, number]): [string, string] => [
    formatUnits(price, spec.pricePrecision),
    formatUnits(lots, spec.volumePrecision),
  ];
  return { asks: d.asks.map(row), buys: d.bids.map(row) };
}
