import { type DepthLevel, depth } from '@opex/engine/depth';
import type { CoreEvent } from '../core/core-events.ts';
import { formatUnits } from '../core/decimal-units.ts';
import type { MarketSpec } from '../core/market-spec.ts';
import type { TradingCore } from '../core/trading-core.ts';

/**
 * The Open API's order books at full tick resolution, with Binance's update ids. Per market one counter, bumped by
 * every committed batch that touched the book; REST depth and the diff streams both number with it.
 *
 * While a market is watched (a depth or book-ticker stream), the book is kept as a baseline: the levels as of
 * `baselineId`. Each sample diffs the live book against it and moves it on; REST depth is then served from the
 * baseline, so a snapshot's lastUpdateId is exactly the state the next diff event (U = lastUpdateId + 1) starts
 * from, which is what Binance's "manage a local order book" recipe needs. Unwatched, REST reads the live book.
 */
export const MAX_DEPTH_LEVELS = 5000;

/** [price, quantity] as decimal strings; quantity '0...' removes the level. */
export type BinanceLevel = [price: string, qty: string];

export interface DepthSnapshot {
  lastUpdateId: number;
  bids: BinanceLevel[];
  asks: BinanceLevel[];
}

/** Levels that changed between update ids firstId - 1 and lastId. */
export interface DepthDiff {
  symbol: string;
  firstId: number;
  lastId: number;
  bids: BinanceLevel[];
  asks: BinanceLevel[];
}

interface Levels {
  bids: Map<number, number>;
  asks: Map<number, number>;
}

interface MarketDepth {
  updateId: number;
  watchers: number;
  baseline: Levels | null;
  baselineId: number;
  /** The book changed since the baseline was taken. */
  dirty: boolean;
}

export class DepthBook {
  private readonly markets = new Map<string, MarketDepth>();

  /** `quantity` states a level's lots (spot: in the base coin; a futures family: its own unit, futures-markets.ts). */
  constructor(
    private readonly core: TradingCore,
    private readonly quantity: (spec: MarketSpec, lots: number) => string = (spec, lots) =>
      formatUnits(lots, spec.volumePrecision),
  ) {}

  onCoreEvents(events: readonly CoreEvent[]): void {
    for (const e of events) {
      if (e.type !== 'book') continue;
      const m = this.market(e.symbol);
      m.updateId++;
      m.dirty = true;
    }
  }

  /** A stream starts watching a market (counted: each watch needs one unwatch). */
  watch(symbol: string): void {
    const m = this.market(symbol);
    if (m.watchers++ === 0) {
      m.baseline = this.liveLevels(symbol);
      m.baselineId = m.updateId;
      m.dirty = false;
    }
  }

  unwatch(symbol: string): void {
    const m = this.markets.get(symbol);
    if (!m || m.watchers === 0) return;
    if (--m.watchers === 0) m.baseline = null;
  }

  /** The book's best `limit` levels a side and the update id they are as of. */
  snapshot(symbol: string, limit: number): DepthSnapshot {
    const m = this.market(symbol);
    const levels = m.baseline ?? this.liveLevels(symbol, limit);
    const lastUpdateId = m.baseline ? m.baselineId : m.updateId;
    return {
      lastUpdateId,
      bids: this.format(symbol, best(levels.bids, limit)),
      asks: this.format(symbol, best(levels.asks, limit)),
    };
  }

  /**
   * Diffs of the watched markets whose books changed since the last sample. A sample that finds no level changed
   * (an order placed and cancelled between two samples) keeps the baseline's id, so the ids of successive diffs
   * always join up (each U is the previous u + 1).
   */
  sample(): DepthDiff[] {
    const diffs: DepthDiff[] = [];
    for (const [symbol, m] of this.markets) {
      if (!m.baseline || !m.dirty) continue;
      m.dirty = false;
      const live = this.liveLevels(symbol);
      const bids = changes(m.baseline.bids, live.bids);
      const asks = changes(m.baseline.asks, live.asks);
      m.baseline = live;
      if (bids.length === 0 && asks.length === 0) continue;
      diffs.push({
        symbol,
        firstId: m.baselineId + 1,
        lastId: m.updateId,
        bids: this.format(
          symbol,
          bids.sort((a, b) => b[0] - a[0]),
        ),
        asks: this.format(
          symbol,
          asks.sort((a, b) => a[0] - b[0]),
        ),
      });
      m.baselineId = m.updateId;
    }
    return diffs;
  }

  private market(symbol: string): MarketDepth {
    let m = this.markets.get(symbol);
    if (!m) {
      m = { updateId: 0, watchers: 0, baseline: null, baselineId: 0, dirty: false };
      this.markets.set(symbol, m);
    }
    return m;
  }

  private liveLevels(symbol: string, limit = MAX_DEPTH_LEVELS): Levels {
    const book = this.core.book(symbol);
    if (!book) return { bids: new Map(), asks: new Map() };
    const d = depth(book, 1, limit);
    return { bids: new Map(d.bids), asks: new Map(d.asks) };
  }

  private format(symbol: string, levels: DepthLevel[]): BinanceLevel[] {
    const spec = this.core.market(symbol);
    if (!spec) return [];
    return levels.map(([ticks, lots]) => [formatUnits(ticks, spec.pricePrecision), this.quantity(spec, lots)]);
  }
}

/** Best first: a Map keeps the engine's best-first insertion order, so the first `limit` entries are the best. */
function best(side: Map<number, number>, limit: number): DepthLevel[] {
  const rows: DepthLevel[] = [];
  for (const row of side) {
    if (rows.length === limit) break;
    rows.push(row);
  }
  return rows;
}

/** Levels whose quantity differs, with 0 for levels that left. */
function changes(before: Map<number, number>, after: Map<number, number>): DepthLevel[] {
  const out: DepthLevel[] = [];
  for (const [price, qty] of after) if (before.get(price) !== qty) out.push([price, qty]);
  for (const price of before.keys()) if (!after.has(price)) out.push([price, 0]);
  return out;
}
