import Big from 'big.js';
import { describe, expect, it } from 'vitest';
import { ledgerFromUnits } from '../ledger/ledger-units.ts';
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
    // Spot: the quote amount, price × volume.
    value: (lots, ticks) => ledgerFromUnits(BigInt(lots) * BigInt(ticks), 8),
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
    expect(hour?.amount).toBe(inside.reduce((sum, c) => sum.plus(c.amount), new Big(0)).toFixed());
  });

  it("gives a contract's candles its contracts' value as the amount, as its live trades have", () => {
    // E-BTC-USDT: 0.001 BTC a contract, price to 0.1.
    const contract = walkHistory({
      endMs,
      endTicks: 650_000,
      stride: 65,
      baseLots: 4,
      pricePrecision: 1,
      volumePrecision: 0,
      value: (lots, ticks) => ledgerFromUnits(BigInt(lots) * BigInt(ticks), 4),
      random: new SeededRandom(2),
    });
    const minute = contract.get('1min')?.at(-1);
    expect(minute?.close).toBe('65000.0');
    expect(minute?.amount).toBe(new Big(minute?.vol ?? 0).times('65000.0').times('0.001').toFixed());
  });
});
