import type { Candle } from '@opex/contract/realtime';
import { describe, expect, it } from 'vitest';
import { toChartCandle, withLiveCandle } from './kline-series.ts';

const candle = (id: number, close: string): Candle => ({
  id,
  open: '1',
  close,
  high: close,
  low: '1',
  vol: '2',
  amount: '3',
});

describe('withLiveCandle', () => {
  const history = [candle(120, '3'), candle(60, '2')];
  it('sorts the history and replaces the last bucket with its live version', () => {
    expect(withLiveCandle(history, candle(120, '4')).map((c) => [c.id, c.close])).toEqual([
      [60, '2'],
      [120, '4'],
    ]);
  });
  it('appends a new bucket and ignores a late push for an older one', () => {
    expect(withLiveCandle(history, candle(180, '5')).map((c) => c.id)).toEqual([60, 120, 180]);
    expect(withLiveCandle(history, candle(60, '9')).map((c) => c.close)).toEqual(['2', '3']);
  });
  it('converts to the chart form only for drawing', () => {
    expect(toChartCandle(candle(60, '2.5'))).toEqual({ time: 60, open: 1, high: 2.5, low: 1, close: 2.5, volume: 2 });
    expect(toChartCandle(candle(60, '2.5'), () => 3600).time).toBe(3660);
  });
});
