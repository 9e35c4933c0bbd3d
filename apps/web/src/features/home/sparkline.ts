import type { Candle } from '@opex/contract/realtime';
import Big from 'big.js';

const DAY_S = 24 * 60 * 60;

/** The closes of the candles of the last 24 h before the newest one's end, oldest first. */
export function lastDayCloses(candles: readonly Candle[], periodS: number): string[] {
  const newest = candles.reduce((max, c) => Math.max(max, c.id), 0);
  const from = newest + periodS - DAY_S;
  return [...candles]
    .filter((c) => c.id >= from && /^\d/.test(c.close))
    .sort((a, b) => a.id - b.id)
    .map((c) => c.close);
}

/**
 * The SVG polyline points of `closes` in a width × height box (y grows downwards). Prices are compared and scaled
 * exactly; only each resulting pixel position becomes a float. A flat day draws a line across the middle.
 */
export function sparklinePoints(closes: readonly string[], width: number, height: number): string {
  if (closes.length < 2) return '';
  const prices = closes.map((c) => new Big(c));
  const min = prices.reduce((a, b) => (b.lt(a) ? b : a));
  const max = prices.reduce((a, b) => (b.gt(a) ? b : a));
  const range = max.minus(min);
  const step = new Big(width).div(prices.length - 1);
  return prices
    .map((price, i) => {
      const y = range.eq(0) ? new Big(height).div(2) : max.minus(price).div(range).times(height);
      return `${Number(step.times(i).toFixed(2))},${Number(y.toFixed(2))}`;
    })
    .join(' ');
}

/** Up, down or flat over the day: the last close against the first. */
export function dayDirection(closes: readonly string[]): 'rise' | 'fall' | 'flat' {
  if (closes.length < 2) return 'flat';
  const change = new Big(closes.at(-1) as string).cmp(closes[0] as string);
  return change > 0 ? 'rise' : change < 0 ? 'fall' : 'flat';
}
