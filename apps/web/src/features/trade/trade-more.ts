/**
 * /tradeMore's layout: how many charts, and each cell's market and candle period, kept in local storage so the
 * page opens as the trader left it. A saved market that no longer exists, or a period not among the nine, falls back
 * to the defaults: the markets in their listing order (the default quote group first) at 15 minutes.
 */
import { type KlinePeriod, klinePeriods } from '@opex/contract/realtime';
import { type MarketGroups, marketPath } from '../../markets/market-symbol.ts';

export const TRADE_MORE_KEY = 'opex.tradeMore';
export const LAYOUTS = [1, 2, 4] as const;
export type Layout = (typeof LAYOUTS)[number];
const MAX_CELLS = 4;
const DEFAULT_PERIOD: KlinePeriod = '15min';

export interface ChartCell {
  /** The market's display name, BTC/USDT. */
  market: string;
  period: KlinePeriod;
}

export interface TradeMoreLayout {
  layout: Layout;
  cells: ChartCell[];
}

/** Every market's display name in listing order: the default quote group first, each group by its sort. */
export function marketNames(groups: MarketGroups, defaultGroup: string | undefined): string[] {
  const titles = Object.keys(groups).sort((a, b) => Number(b === defaultGroup) - Number(a === defaultGroup));
  return titles.flatMap((title) =>
    Object.entries(groups[title] ?? {})
      .sort(([, a], [, b]) => a.sort - b.sort)
      .map(([name]) => name),
  );
}

/** The saved layout made valid against today's markets: always MAX_CELLS cells, each a known market and period. */
export function readTradeMore(storage: Storage, names: readonly string[]): TradeMoreLayout {
  let saved: Partial<TradeMoreLayout> = {};
  try {
    const parsed: unknown = JSON.parse(storage.getItem(TRADE_MORE_KEY) ?? '{}');
    if (parsed && typeof parsed === 'object') saved = parsed as Partial<TradeMoreLayout>;
  } catch {
    // a damaged entry: defaults
  }
  const known = new Set(names);
  const layout = LAYOUTS.includes(saved.layout as Layout) ? (saved.layout as Layout) : 4;
  const savedCells = Array.isArray(saved.cells) ? saved.cells : [];
  const cells: ChartCell[] = [];
  for (let i = 0; i < MAX_CELLS; i++) {
    const cell = savedCells[i] as Partial<ChartCell> | undefined;
    const market =
      cell && typeof cell.market === 'string' && known.has(cell.market)
        ? cell.market
        : (names[i % Math.max(names.length, 1)] ?? '');
    const period = klinePeriods.includes(cell?.period as KlinePeriod) ? (cell?.period as KlinePeriod) : DEFAULT_PERIOD;
    cells.push({ market, period });
  }
  return { layout, cells };
}

export function writeTradeMore(storage: Storage, value: TradeMoreLayout): void {
  storage.setItem(TRADE_MORE_KEY, JSON.stringify(value));
}

/** The trade page's path for a cell's market. */
export const tradePath = (market: string) => `/trade/${marketPath(market)}`;
