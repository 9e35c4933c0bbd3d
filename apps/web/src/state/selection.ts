/**
 * The saved market selection (one JSON object in local storage, spelled as the spec spells it) and its fallbacks:
 * a missing or invalid market title -> maket_index, else the first market; an invalid symbol -> the lowest sort;
 * leverage -> the first group and its first symbol; contract -> the path segment, else the saved one, else lowest sort.
 */
export const SELECTION_KEY = 'exchangeSelection';

export interface Selection {
  markTitle?: string;
  homeMarkTitle?: string;
  sSymbolName?: string;
  leverMarkTitle?: string;
  leverSymbolName?: string;
  contractName?: string;
  contractId?: string | number;
}

export function readSelection(storage: Storage): Selection {
  try {
    const parsed: unknown = JSON.parse(storage.getItem(SELECTION_KEY) ?? '{}');
    return parsed && typeof parsed === 'object' ? (parsed as Selection) : {};
  } catch {
    return {};
  }
}

export function writeSelection(storage: Storage, patch: Selection): Selection {
  const next = { ...readSelection(storage), ...patch };
  storage.setItem(SELECTION_KEY, JSON.stringify(next));
  return next;
}

interface Sorted {
  sort: number;
}

export function pickMarketTitle(
  saved: string | undefined,
  markets: Record<string, unknown>,
  maketIndex: string | undefined,
): string | undefined {
  if (saved && saved in markets) return saved;
  if (maketIndex && maketIndex in markets) return maketIndex;
  return Object.keys(markets)[0];
}

export function pickSymbol<T extends Sorted>(
  saved: string | undefined,
  symbols: Record<string, T>,
): string | undefined {
  if (saved && saved in symbols) return saved;
  return lowestSort(Object.entries(symbols).map(([name, s]) => ({ name, sort: s.sort })));
}

export function pickLeverSelection(
  saved: { leverMarkTitle?: string; leverSymbolName?: string },
  groups: Record<string, Record<string, unknown>>,
): { leverMarkTitle?: string; leverSymbolName?: string } {
  const group = saved.leverMarkTitle ? groups[saved.leverMarkTitle] : undefined;
  if (group && saved.leverSymbolName && saved.leverSymbolName in group) return saved;
  const [title, symbols] = Object.entries(groups)[0] ?? [];
  return { leverMarkTitle: title, leverSymbolName: symbols ? Object.keys(symbols)[0] : undefined };
}

export function pickContract<T extends { contractName: string; sort: number }>(
  pathSegment: string | undefined,
  saved: string | undefined,
  contracts: T[],
): T | undefined {
  return (
    contracts.find((c) => c.contractName === pathSegment) ??
    contracts.find((c) => c.contractName === saved) ??
    [...contracts].sort((a, b) => a.sort - b.sort)[0]
  );
}

function lowestSort(items: { name: string; sort: number }[]): string | undefined {
  return [...items].sort((a, b) => a.sort - b.sort)[0]?.name;
}
