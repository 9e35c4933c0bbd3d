import { type KlinePeriod, klinePeriods } from '@opex/contract/realtime';
import { unitsText } from '../core/decimal-units.ts';
import { ledgerText } from '../ledger/ledger-units.ts';
import type { CandleText } from '../market-data/candle.ts';
import { candleStart } from '../market-data/kline-periods.ts';
import { type SeededRandom, stepMid } from './random-walk.ts';

/**
 * A demo market's past, walked backwards from the price the market maker starts at, so the charts are full from the
 * first second and the live candles carry on without a jump. The walk is the maker's own (integer ticks, a uniform
 * step of up to `stride` every half second), taken in one step per stretch of time: a step over n half-seconds has
 * a stride of stride·√n, the same spread. Recent time is walked in short stretches and older time in longer ones,
 * and a stretch only feeds candles at least as long as itself, so every period gets about `CANDLES` candles and each
 * longer candle is exactly its shorter candles together.
 */
const MINUTE_MS = 60_000;
const CANDLES = 300;
/** Each stretch's length in minutes and the period it is aligned to, from the newest; until: minutes back it runs. */
const STRETCHES: { period: KlinePeriod; minutes: number; until: number }[] = [
  // A full day of one-minute candles, so the 24 h ticker has its whole window.
  { period: '1min', minutes: 1, until: 1440 },
  { period: '5min', minutes: 5, until: 5 * CANDLES },
  { period: '15min', minutes: 15, until: 15 * CANDLES },
  { period: '30min', minutes: 30, until: 30 * CANDLES },
  { period: '60min', minutes: 60, until: 60 * CANDLES },
  { period: '4h', minutes: 240, until: 240 * CANDLES },
  { period: '1day', minutes: 1440, until: 1440 * CANDLES },
  { period: '1week', minutes: 10080, until: 10080 * CANDLES },
];
/** Half-second steps of the live maker per minute. */
const STEPS_PER_MINUTE = 120;

export interface HistoryInput {
  /** The first live minute (ms, minute-aligned): history ends just before it. */
  endMs: number;
  /** The price history ends at, in ticks: where the market maker starts. */
  endTicks: number;
  /** The live walk's largest step in ticks. */
  stride: number;
  /** Lots of one quote layer: volume is about 50 of them a minute, as the live taker trades. */
  baseLots: number;
  pricePrecision: number;
  volumePrecision: number;
  /** What `lots` traded at `ticks` are worth, in ledger units, as a live trade's amount (a contract's is its value). */
  value: (lots: number, ticks: number) => bigint;
  random: SeededRandom;
}

interface Stretch {
  startMs: number;
  level: number;
  open: number;
  close: number;
  high: number;
  low: number;
  lots: number;
}

export function walkHistory(input: HistoryInput): Map<KlinePeriod, CandleText[]> {
  return aggregate(walkBack(input), input);
}

function walkBack(input: HistoryInput): Stretch[] {
  const { random } = input;
  const floor = Math.max(1, Math.floor(input.endTicks / 20));
  const stretches: Stretch[] = [];
  let cursor = input.endMs;
  let price = input.endTicks;
  STRETCHES.forEach(({ minutes, until }, level) => {
    const next = STRETCHES[level + 1];
    const stride = Math.max(1, Math.round(input.stride * Math.sqrt(STEPS_PER_MINUTE * minutes)));
    // A stretch ends where the next, longer one can start on its own period's boundary.
    const done = () =>
      cursor <= input.endMs - until * MINUTE_MS && (!next || candleStart(next.period, cursor) * 1000 === cursor);
    while (!done()) {
      const close = price;
      const open = stepMid(close, stride, floor, random);
      const wick = Math.max(1, Math.floor(stride / 3));
      const high = Math.max(open, close) + random.int(0, wick);
      const low = Math.max(1, Math.min(open, close) - random.int(0, wick));
      const lots = input.baseLots * minutes * random.int(30, 80);
      cursor -= minutes * MINUTE_MS;
      stretches.push({ startMs: cursor, level, open, close, high, low, lots });
      price = open;
    }
  });
  return stretches.reverse();
}

/** A candle in integer units while stretches are added: ticks, lots, and the amount in ledger units. */
interface UnitCandle {
  id: number;
  open: number;
  close: number;
  high: number;
  low: number;
  lots: number;
  amount: bigint;
}

function aggregate(stretches: Stretch[], input: HistoryInput): Map<KlinePeriod, CandleText[]> {
  const byPeriod = new Map<KlinePeriod, UnitCandle[]>(klinePeriods.map((p) => [p, []]));
  for (const s of stretches) {
    // The stretch's amount at its closing price.
    const amount = input.value(s.lots, s.close);
    klinePeriods.forEach((period, index) => {
      if (index < s.level) return;
      const candles = byPeriod.get(period) as UnitCandle[];
      const id = candleStart(period, s.startMs);
      const last = candles[candles.length - 1];
      if (last && last.id === id) {
        last.high = Math.max(last.high, s.high);
        last.low = Math.min(last.low, s.low);
        last.close = s.close;
        last.lots += s.lots;
        last.amount += amount;
      } else candles.push({ id, open: s.open, close: s.close, high: s.high, low: s.low, lots: s.lots, amount });
    });
  }
  const { pricePrecision: pp, volumePrecision: vp } = input;
  const out = new Map<KlinePeriod, CandleText[]>();
  for (const [period, candles] of byPeriod) {
    out.set(
      period,
      candles.map((c) => ({
        id: c.id,
        open: unitsText(c.open, pp),
        close: unitsText(c.close, pp),
        high: unitsText(c.high, pp),
        low: unitsText(c.low, pp),
        vol: unitsText(c.lots, vp),
        amount: ledgerText(c.amount),
      })),
    );
  }
  return out;
}
