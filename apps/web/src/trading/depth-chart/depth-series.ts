/**
 * The depth chart's two areas: cumulative volume away from the best price on each side, exact (big.js), and the
 * price window both sides share so the chart is centred on the spread.
 */
import type { DepthRow } from '@opex/contract/realtime';
import Big from 'big.js';

export interface DepthPoint {
  price: string;
  /** Cumulative volume from the best price up to and including this level. */
  total: string;
}

export interface DepthSeries {
  buys: DepthPoint[];
  asks: DepthPoint[];
  /** Lowest and highest price drawn, and the largest cumulative volume. */
  minPrice: string;
  maxPrice: string;
  maxTotal: string;
}

const cumulate = (rows: readonly DepthRow[]): DepthPoint[] => {
  let sum = new Big(0);
  return rows.map(([price, vol]) => {
    sum = sum.plus(vol);
    return { price, total: sum.toFixed() };
  });
};

/**
 * Buys best (highest) first and asks best (lowest) first, as the depth channel sends them. Each side is cut to
 * the same distance from the mid price, so a long tail on one side does not squash the other. Null when both
 * sides are empty.
 */
export function depthSeries(buys: readonly DepthRow[], asks: readonly DepthRow[]): DepthSeries | null {
  if (buys.length === 0 && asks.length === 0) return null;
  const bestBuy = buys[0] ? new Big(buys[0][0]) : null;
  const bestAsk = asks[0] ? new Big(asks[0][0]) : null;
  const mid = bestBuy && bestAsk ? bestBuy.plus(bestAsk).div(2) : ((bestBuy ?? bestAsk) as Big);
  const reach = (rows: readonly DepthRow[]) => {
    const last = rows.at(-1);
    return last ? new Big(last[0]).minus(mid).abs() : null;
  };
  const reaches = [reach(buys), reach(asks)].filter((r): r is Big => r?.gt(0) === true);
  // Both sides present: the nearer tail sets the window; one side only: its own tail.
  const half = reaches.length ? reaches.reduce((m, r) => (r.lt(m) ? r : m)) : new Big(0);
  const low = mid.minus(half);
  const high = mid.plus(half);
  const within = (rows: readonly DepthRow[]) => rows.filter(([p]) => new Big(p).gte(low) && new Big(p).lte(high));
  const b = cumulate(within(buys));
  const a = cumulate(within(asks));
  const totals = [b.at(-1)?.total, a.at(-1)?.total].filter((t): t is string => t !== undefined);
  const maxTotal = totals.reduce((m, t) => (new Big(t).gt(m) ? t : m), '0');
  return { buys: b, asks: a, minPrice: low.toFixed(), maxPrice: high.toFixed(), maxTotal };
}
