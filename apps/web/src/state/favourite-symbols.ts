/**
 * Favourite markets kept in this browser (when the operator's optional_symbol_server_open switch is off, or for a
 * visitor): lower-case symbols in one JSON array. Anything unreadable is no favourites.
 */
export const FAVOURITES_KEY = 'favouriteSymbols';

export function readFavourites(storage: Storage): string[] {
  try {
    const parsed: unknown = JSON.parse(storage.getItem(FAVOURITES_KEY) ?? '[]');
    return Array.isArray(parsed) ? parsed.filter((s): s is string => typeof s === 'string' && s !== '') : [];
  } catch {
    return [];
  }
}

export function writeFavourites(storage: Storage, symbols: readonly string[]): void {
  storage.setItem(FAVOURITES_KEY, JSON.stringify([...new Set(symbols)]));
}

/** The list with `symbol` added when absent, removed when present. */
export function toggled(symbols: readonly string[], symbol: string): string[] {
  return symbols.includes(symbol) ? symbols.filter((s) => s !== symbol) : [...symbols, symbol];
}
