/**
 * The margin markets (platform.md leverMarket): the spot markets flagged `is_open_lever`, and none unless the
 * `lever_open` switch is on. The margin page's pair: the path segment, else the saved leverMarkTitle /
 * leverSymbolName, else the first group and its first symbol (the spec's lever selection defaults).
 */
import { pickLeverSelection, type Selection } from '../state/selection.ts';
import { type ChosenMarket, findMarket, type MarketGroups, marketPath } from './market-symbol.ts';

export function leverGroups(groups: MarketGroups, leverOpen: boolean): MarketGroups {
  if (!leverOpen) return {};
  const open: MarketGroups = {};
  for (const [title, symbols] of Object.entries(groups)) {
    const kept = Object.entries(symbols).filter(([, entry]) => entry.is_open_lever);
    if (kept.length > 0) open[title] = Object.fromEntries(kept);
  }
  return open;
}

export function chooseLeverMarket(
  groups: MarketGroups,
  segment: string | undefined,
  saved: Selection,
): ChosenMarket | undefined {
  const fromPath = findMarket(groups, segment);
  if (fromPath) return fromPath;
  const { leverSymbolName } = pickLeverSelection(saved, groups);
  return leverSymbolName ? findMarket(groups, marketPath(leverSymbolName)) : undefined;
}
