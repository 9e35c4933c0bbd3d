import type { Ticker } from '@opex/contract/realtime';
import Big from 'big.js';
import { ledgerFixed, ledgerOf, ledgerToBig } from '../ledger/ledger-units.ts';
import { addTrade, amountDigits, type CandleState, openCandle, type Precision } from './candle.ts';
import type { AppliedTrade } from './trade-record.ts';

/**
 * The rolling 24-hour ticker of one market, kept as one-minute buckets: a minute counts while any part of it lies
 * within the last 24 hours, so the window is exact to the minute. Before the window's first trade, the ticker
 * opens at the last price before it (a market with no trade in 24 h shows that price with zero volume).
 */
export const WINDOW_MS = 24 * 3600 * 1000;
const MINUTE_MS = 60_000;

/** The trades a window holds: the first and last trade id and how many (the Open API's 24 h ticker shows them). */
export interface WindowTrades {
  firstId: number;
  lastId: number;
  count: number;
}

export class TickerWindow {
  private readonly buckets: CandleState[] = [];
  /** Per bucket, its trades (kept beside the candles, which hold prices and sums only); null for a seeded minute. */
  private readonly bucketTrades: (WindowTrades | null)[] = [];
  /** The price of the last trade that left the window (or was before it when loaded). */
  private priorPrice: bigint | null = null;

  constructor(priorPrice: string | null) {
    if (priorPrice !== null) this.priorPrice = ledgerOf(priorPrice);
  }

  add(trade: AppliedTrade): void {
    const minute = trade.ts - (trade.ts % MINUTE_MS);
    const last = this.buckets[this.buckets.length - 1];
    if (last && last.id === minute) {
      addTrade(last, trade.fill);
      const at = this.bucketTrades.length - 1;
      const trades = this.bucketTrades[at];
      if (trades) {
        trades.lastId = trade.id;
        trades.count++;
      } else this.bucketTrades[at] = { firstId: trade.id, lastId: trade.id, count: 1 };
    } else {
      this.buckets.push(openCandle(minute, trade.fill));
      this.bucketTrades.push({ firstId: trade.id, lastId: trade.id, count: 1 });
    }
  }

  /**
   * A minute whose trades are no longer kept (the demo's seeded past, or pruned fills) but whose one-minute candle
   * is: it counts in the prices and sums, not in the trades. Minutes come in order, before any later trade.
   * `candle` is a one-minute K-line (id in epoch seconds).
   */
  addMinute(candle: CandleState): void {
    // Candles are ids in epoch seconds, the window's minutes in ms.
    this.buckets.push({ ...candle, id: candle.id * 1000 });
    this.bucketTrades.push(null);
  }

  /** The trades within the window; null when it holds none. */
  trades(now: number): WindowTrades | null {
    this.expire(now);
    const kept = this.bucketTrades.filter((b): b is WindowTrades => b !== null);
    const first = kept[0];
    const last = kept[kept.length - 1];
    if (!first || !last) return null;
    let count = 0;
    for (const b of kept) count += b.count;
    return { firstId: first.firstId, lastId: last.lastId, count };
  }

  ticker(now: number, p: Precision): Ticker | null {
    this.expire(now);
    const first = this.buckets[0];
    const last = this.buckets[this.buckets.length - 1];
    if (!first || !last) {
      if (!this.priorPrice) return null;
      const price = ledgerFixed(this.priorPrice, p.price);
      return {
        amount: ledgerFixed(0n, amountDigits(p)),
        close: price,
        high: price,
        low: price,
        open: price,
        rose: '0.0000',
        vol: ledgerFixed(0n, p.volume),
      };
    }
    let high = first.high;
    let low = first.low;
    let vol = 0n;
    let amount = 0n;
    for (const b of this.buckets) {
      if (b.high > high) high = b.high;
      if (b.low < low) low = b.low;
      vol += b.vol;
      amount += b.amount;
    }
    const open = first.open;
    const rose = open === 0n ? new Big(0) : ledgerToBig(last.close - open).div(ledgerToBig(open));
    return {
      amount: ledgerFixed(amount, amountDigits(p)),
      close: ledgerFixed(last.close, p.price),
      high: ledgerFixed(high, p.price),
      low: ledgerFixed(low, p.price),
      open: ledgerFixed(open, p.price),
      rose: rose.toFixed(4),
      vol: ledgerFixed(vol, p.volume),
    };
  }

  private expire(now: number): void {
    const from = now - WINDOW_MS;
    while (this.buckets.length > 0 && (this.buckets[0] as CandleState).id + MINUTE_MS <= from) {
      this.priorPrice = (this.buckets.shift() as CandleState).close;
      this.bucketTrades.shift();
    }
  }
}
