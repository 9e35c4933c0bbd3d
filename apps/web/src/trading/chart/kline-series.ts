/**
 * Candles for lightweight-charts: the history a kline req answers (oldest first) with the latest pushed candle
 * laid over it. Prices become numbers here only for drawing; nothing is computed from them.
 */
import type { Candle } from '@opex/contract/realtime';

export interface ChartCandle {
  time: number;
  open: number;
  high: number;
  low: number;
  close: number;
  volume: number;
}

/**
 * lightweight-charts writes times in UTC; shifting each candle by the reader's offset at that moment (DST
 * included) makes its axis read in local time, like the rest of the page.
 */
export const localOffsetSeconds = (epochSeconds: number) => -new Date(epochSeconds * 1000).getTimezoneOffset() * 60;

export const toChartCandle = (c: Candle, offsetOf: (epochSeconds: number) => number = () => 0): ChartCandle => ({
  time: c.id + offsetOf(c.id),
  open: Number(c.open),
  high: Number(c.high),
  low: Number(c.low),
  close: Number(c.close),
  volume: Number(c.vol),
});

/**
 * History plus the live candle: the live one replaces its bucket or extends the series; one older than the last
 * bucket (a late push) is ignored, since the chart only takes updates at its end. Sorted, one candle per bucket.
 */
export function withLiveCandle(history: readonly Candle[], live: Candle | undefined): Candle[] {
  const byId = new Map(history.map((c) => [c.id, c]));
  const sorted = [...byId.values()].sort((a, b) => a.id - b.id);
  if (!live) return sorted;
  const last = sorted.at(-1);
  if (last && live.id < last.id) return sorted;
  if (last && live.id === last.id) return [...sorted.slice(0, -1), live];
  return [...sorted, live];
}
