/**
 * Which market the trade page shows: the path segment (BTC_USDT as links write it, or the channel symbol btcusdt),
 * else the saved selection, else the default quote group's lowest-sort market (platform.md §4 selection defaults).
 */
import type { marketEntry } from '@opex/contract/calls/public-info';
import { channels } from '@opex/contract/realtime';
import type { z } from 'zod';
import { pickMarketTitle, pickSymbol, type Selection } from '../state/selection.ts';

export type MarketEntry = z.infer<typeof marketEntry>;
export type MarketGroups = Record<string, Record<string, MarketEntry>>;

export interface ChosenMarket {
  /** Quote group title (USDT). */
  title: string;
  /** Display name (BTC/USDT). */
  name: string;
  entry: MarketEntry;
  base: string;
  quote: string;
}

/** The path segment of a market: BTC/USDT -> BTC_USDT. */
export const marketPath = (name: string) => name.replace('/', '_');

function chosen(title: string, name: string, entry: MarketEntry): ChosenMarket {
  const [base = name, quote = title] = name.split('/');
  return { title, name, entry, base, quote };
}

export function findMarket(groups: MarketGroups, segment: string | undefined): ChosenMarket | undefined {
  if (!segment) return undefined;
  const wanted = segment.toLowerCase();
  for (const [title, symbols] of Object.entries(groups)) {
    for (const [name, entry] of Object.entries(symbols)) {
      if (marketPath(name).toLowerCase() === wanted || entry.symbol.toLowerCase() === wanted)
        return chosen(title, name, entry);
    }
  }
  return undefined;
}

export function chooseMarket(
  groups: MarketGroups,
  segment: string | undefined,
  saved: Selection,
  maketIndex: string | undefined,
): ChosenMarket | undefined {
  const fromPath = findMarket(groups, segment);
  if (fromPath) return fromPath;
  const title = pickMarketTitle(saved.markTitle, groups, maketIndex);
  const symbols = title ? groups[title] : undefined;
  const name = symbols && pickSymbol(saved.sSymbolName, symbols);
  return title && name && symbols?.[name] ? chosen(title, name, symbols[name]) : undefined;
}

/**
 * The realtime channels the trade page of a market shows (book at the first merge step, ticker, trades), from the
 * path segment or the saved selection alone, before public info is known: the server's symbol is the lower-case
 * base and quote (BTC_USDT, BTC/USDT -> btcusdt). None when neither names a market.
 */
export function tradePageChannels(segment: string | undefined, saved: Selection): string[] {
  const name = segment ?? saved.sSymbolName;
  if (!name) return [];
  const sym = name.replace(/[/_]/, '').toLowerCase();
  return [channels.depth(sym, 0), channels.ticker(sym), channels.trades(sym)];
}
