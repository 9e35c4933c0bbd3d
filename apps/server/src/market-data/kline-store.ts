import { type Candle, type KlinePeriod, klinePeriods } from '@opex/contract/realtime';
import type { Kysely } from 'kysely';
import type { CandleRows } from '../core/batch-rows.ts';
import { KLINE_PROGRESS } from '../core/batch-rows.ts';
import type { Database } from '../db/schema.ts';
import { ledgerText } from '../ledger/ledger-units.ts';
import {
  addTrade,
  type CandleState,
  type CandleText,
  formatCandle,
  openCandle,
  type Precision,
  parseCandle,
} from './candle.ts';
import { candleStart } from './kline-periods.ts';
import type { AppliedTrade } from './trade-record.ts';

type Key = string;
/** A K-line row's candle columns: the candle as stored, keyed by its open time. */
type CandleColumns = Omit<CandleText, 'id'> & { open_time: number };
type KlineRow = CandleColumns & { symbol: string; period: KlinePeriod };
const candleRow = (symbol: string, period: KlinePeriod, c: CandleText): KlineRow => ({
  symbol,
  period,
  open_time: c.id,
  open: c.open,
  high: c.high,
  low: c.low,
  close: c.close,
  vol: c.vol,
  amount: c.amount,
});
const keyOf = (symbol: string, period: KlinePeriod) => `${symbol}|${period}`;

/**
 * K-lines of every market and period: the latest candle of each in memory, changed candles written in batches
 * (flush) together with the id of the last trade they include, so a restart replays exactly the trades after it.
 */
export class KlineStore {
  private readonly latest = new Map<Key, CandleState>();
  /** Candles changed since the last flush, by symbol|period|id. */
  private dirty = new Map<string, { symbol: string; period: KlinePeriod; candle: CandleState }>();
  /** Seeded candles no trade can change any more, not yet written. */
  private seeded: KlineRow[] = [];
  private lastTradeId = 0;
  private flushing: Promise<void> | null = null;

  private constructor(
    private readonly db: Kysely<Database>,
    private readonly persist: (candles: CandleRows) => Promise<void>,
  ) {}

  /**
   * Reads the latest candles and the progress row; the caller then replays the trades after `appliedUpTo`.
   * `persist` writes changed candles with their progress mark in one transaction (the core's writer).
   */
  static async load(
    db: Kysely<Database>,
    symbols: string[],
    persist: (candles: CandleRows) => Promise<void>,
  ): Promise<KlineStore> {
    const store = new KlineStore(db, persist);
    const progress = await db
      .selectFrom('kline_progress')
      .select('last_trade_id')
      .where('name', '=', KLINE_PROGRESS)
      .executeTakeFirst();
    store.lastTradeId = Number(progress?.last_trade_id ?? 0);
    for (const symbol of symbols) {
      for (const period of klinePeriods) {
        const row = await db
          .selectFrom('klines')
          .selectAll()
          .where('symbol', '=', symbol)
          .where('period', '=', period)
          .orderBy('open_time', 'desc')
          .limit(1)
          .executeTakeFirst();
        if (row) store.latest.set(keyOf(symbol, period), candleFromRow(row));
      }
    }
    return store;
  }

  get appliedUpTo(): number {
    return this.lastTradeId;
  }

  /** Adds a trade to each period's candle; returns the changed candles (none for a trade already applied). */
  apply(trade: AppliedTrade): { period: KlinePeriod; candle: CandleState }[] {
    if (trade.id <= this.lastTradeId) return [];
    this.lastTradeId = trade.id;
    const changed: { period: KlinePeriod; candle: CandleState }[] = [];
    for (const period of klinePeriods) {
      const id = candleStart(period, trade.ts);
      const key = keyOf(trade.symbol, period);
      let candle = this.latest.get(key);
      if (candle && candle.id === id) addTrade(candle, trade.fill);
      else {
        candle = openCandle(id, trade.fill);
        this.latest.set(key, candle);
      }
      this.dirty.set(`${key}|${id}`, { symbol: trade.symbol, period, candle });
      changed.push({ period, candle });
    }
    return changed;
  }

  /**
   * Candles of a market's past that no trade made (the demo's history), oldest first per period; written with the
   * next flush. The newest of each period becomes its latest, so the first live trade carries it on.
   */
  seed(symbol: string, byPeriod: Map<KlinePeriod, CandleText[]>): void {
    for (const [period, candles] of byPeriod) {
      const newest = candles[candles.length - 1];
      if (!newest) continue;
      // Only the newest is kept in memory (a live trade may change it); the rest are rows to write.
      for (const c of candles.slice(0, -1)) this.seeded.push(candleRow(symbol, period, c));
      const latest = parseCandle(newest);
      this.latest.set(keyOf(symbol, period), latest);
      this.dirty.set(`${keyOf(symbol, period)}|${latest.id}`, { symbol, period, candle: latest });
    }
  }

  latestCandle(symbol: string, period: KlinePeriod): CandleState | undefined {
    return this.latest.get(keyOf(symbol, period));
  }

  /** Candles before `endIdx` (epoch seconds; the latest when absent), oldest first, including unflushed ones. */
  async history(symbol: string, period: KlinePeriod, p: Precision, endIdx: number | undefined, pageSize: number) {
    let query = this.db
      .selectFrom('klines')
      .selectAll()
      .where('symbol', '=', symbol)
      .where('period', '=', period)
      .orderBy('open_time', 'desc')
      .limit(pageSize);
    if (endIdx !== undefined) query = query.where('open_time', '<', endIdx);
    const byId = new Map<number, CandleState>();
    for (const row of await query.execute()) byId.set(Number(row.open_time), candleFromRow(row));
    for (const row of this.seeded) {
      if (row.symbol === symbol && row.period === period && (endIdx === undefined || row.open_time < endIdx))
        byId.set(row.open_time, candleFromRow(row));
    }
    for (const { symbol: s, period: q, candle } of this.dirty.values()) {
      if (s === symbol && q === period && (endIdx === undefined || candle.id < endIdx)) byId.set(candle.id, candle);
    }
    const ids = [...byId.keys()]
      .sort((a, b) => b - a)
      .slice(0, pageSize)
      .reverse();
    return ids.map((id) => formatCandle(byId.get(id) as CandleState, p)) satisfies Candle[];
  }

  /** Writes the changed candles and the progress mark in one transaction; one flush at a time. */
  async flush(now: number): Promise<void> {
    while (this.flushing) await this.flushing;
    if (this.dirty.size === 0 && this.seeded.length === 0) return;
    const taken = this.dirty;
    const seeded = this.seeded;
    this.dirty = new Map();
    this.seeded = [];
    // Values are copied now: the candles keep changing while the write is in flight.
    const rows = [
      ...seeded.map((row) => ({ ...row, updated_at: now })),
      ...[...taken.values()].map(({ symbol, period, candle }) => ({
        symbol,
        period,
        open_time: candle.id,
        open: ledgerText(candle.open),
        high: ledgerText(candle.high),
        low: ledgerText(candle.low),
        close: ledgerText(candle.close),
        vol: ledgerText(candle.vol),
        amount: ledgerText(candle.amount),
        updated_at: now,
      })),
    ];
    const upTo = this.lastTradeId;
    this.flushing = this.persist({ rows, upToTrade: upTo })
      .catch((error) => {
        // Not written: put back what a later trade has not re-dirtied, so the next flush retries it.
        for (const [k, v] of taken) if (!this.dirty.has(k)) this.dirty.set(k, v);
        this.seeded.unshift(...seeded);
        throw error;
      })
      .finally(() => {
        this.flushing = null;
      });
    await this.flushing;
  }
}

export function candleFromRow(row: CandleColumns): CandleState {
  return parseCandle({ ...row, id: Number(row.open_time) });
}
