import Big from 'big.js';
import { describe, expect, it } from 'vitest';
import { walkHistory } from './history-walk.ts';
import { SeededRandom } from './random-walk.ts';

describe('the demo past walked back from the live price', () => {
  const endMs = Date.UTC(2026, 0, 1, 12, 7);
  const history = walkHistory({
    endMs,
    endTicks: 6_500_000,
    stride: 650,
    baseLots: 4615,
    pricePrecision: 2,
    volumePrecision: 6,
    random: new SeededRandom(1),
  });
  const of = (period: Parameters<typeof history.get>[0]) => history.get(period) ?? [];

  it('ends at the start price just before the live minute, one-minute candles without a gap', () => {
    const minutes = of('1min');
    expect(minutes.length).toBeGreaterThanOrEqual(1440);
    expect(minutes.at(-1)).toMatchObject({ id: endMs / 1000 - 60, close: '65000.00' });
    minutes.forEach((c, i) => {
      if (i > 0) expect(c.id - (minutes[i - 1]?.id ?? 0)).toBe(60);
    });
  });

  it('makes each longer candle exactly its shorter candles together', () => {
    const hour = of('60min').at(-3);
    const inside = of('1min').filter((c) => c.id >= (hour?.id ?? 0) && c.id < (hour?.id ?? 0) + 3600);
    expect(inside).toHaveLength(60);
    const max = inside.reduce((m, c) => (new Big(c.high).gt(m) ? new Big(c.high) : m), new Big(0));
    const vol = inside.reduce((s, c) => s.plus(c.vol), new Big(0));
    expect(hour).toMatchObject({ open: inside[0]?.open, close: inside.at(-1)?.close, high: max.toFixed(2) });
    expect(hour?.vol).toBe(vol.toFixed(6));
  });
});
