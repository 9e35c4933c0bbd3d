import type { Ticker } from '@opex/contract/realtime';
import Big from 'big.js';
import type { PublicInfo } from '../../api/common.ts';
import { FAVOURITES_TAB } from '../../state/favourite-symbols.ts';
import type { SortState } from '../../ui/data-table/table-types.ts';

/**
 * The market list's rows: every shown market of the configuration with its latest ticker, filtered by quote group,
 * favourites and search, and sorted by any column. Decimal columns compare exactly (big.js); a market that has not
 * traded yet ('--') sorts after every traded one whichever the direction.
 */
export interface MarketRow {
  /** Lower-case base + quote (btcusdt), the realtime channel's key. */
  symbol: string;
  /** BASE/QUOTE as configured. */
  name: string;
  base: string;
  quote: string;
  sort: number;
  ticker: Ticker | undefined;
}

export { FAVOURITES_TAB };

export type MarketColumn = 'pair' | 'close' | 'rose' | 'high' | 'low' | 'vol' | 'amount';

export function configuredMarkets(groups: PublicInfo['market']['market']): Omit<MarketRow, 'ticker'>[] {
  return Object.entries(groups).flatMap(([quote, markets]) =>
    Object.entries(markets).map(([name, entry]) => ({
      symbol: entry.symbol,
      name,
      base: name.split('/')[0] ?? name,
      quote,
      sort: entry.sort,
    })),
  );
}

/** Markets of a tab (a quote group, or the favourites) whose pair contains the search text, any case. */
export function visibleMarkets<T extends Omit<MarketRow, 'ticker'>>(
  markets: readonly T[],
  tab: string,
  favourites: ReadonlySet<string>,
  search: string,
): T[] {
  const needle = search.trim().toUpperCase();
  return markets.filter(
    (m) =>
      (tab === FAVOURITES_TAB ? favourites.has(m.symbol) : m.quote === tab) &&
      (needle === '' || m.name.toUpperCase().includes(needle)),
  );
}

function decimalOf(value: string | undefined): Big | null {
  if (value === undefined) return null;
  try {
    return new Big(value);
  } catch {
    return null;
  }
}

function compareBy(column: MarketColumn, a: MarketRow, b: MarketRow): number | null {
  if (column === 'pair') return a.name.localeCompare(b.name);
  const x = decimalOf(a.ticker?.[column]);
  const y = decimalOf(b.ticker?.[column]);
  if (x && y) return x.cmp(y);
  return null;
}

/** Without a sort: the configured order. Unpriced markets stay last and in configured order. */
export function sortMarkets(rows: readonly MarketRow[], sort: SortState | undefined): MarketRow[] {
  const configured = [...rows].sort((a, b) => a.sort - b.sort);
  if (!sort) return configured;
  const column = sort.key as MarketColumn;
  const sign = sort.direction === 'up' ? 1 : -1;
  const priced = (row: MarketRow) => column === 'pair' || decimalOf(row.ticker?.[column]) !== null;
  const withValue = configured.filter(priced);
  const without = configured.filter((row) => !priced(row));
  withValue.sort((a, b) => sign * (compareBy(column, a, b) ?? 0));
  return [...withValue, ...without];
}
