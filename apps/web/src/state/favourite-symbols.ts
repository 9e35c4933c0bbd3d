/**
 * Favourite markets kept in this browser (when the operator's optional_symbol_server_open switch is off, or for a
 * visitor): lower-case symbols in one JSON array. Anything unreadable is no favourites. Writes through here tell
 * every subscriber (every list on the page), and a change made in another tab arrives as a storage event.
 */
export const FAVOURITES_KEY = 'favouriteSymbols';

/** The key of the favourites tab in a market list (the original's "optional"), beside the quote groups' titles. */
export const FAVOURITES_TAB = 'optional';

const listeners = new Set<() => void>();

function notify(): void {
  for (const listener of listeners) listener();
}

/** Calls `listener` whenever the browser's favourites change (here or in another tab); returns the unsubscribe. */
export function subscribeFavourites(listener: () => void): () => void {
  listeners.add(listener);
  const fromOtherTab = (event: StorageEvent) => {
    if (event.key === FAVOURITES_KEY || event.key === null) listener();
  };
  window.addEventListener('storage', fromOtherTab);
  return () => {
    listeners.delete(listener);
    window.removeEventListener('storage', fromOtherTab);
  };
}

/** The stored list as written (null when none): a stable snapshot for useSyncExternalStore. */
export function storedFavourites(storage: Storage): string | null {
  return storage.getItem(FAVOURITES_KEY);
}

export function parseFavourites(stored: string | null): string[] {
  try {
    const parsed: unknown = JSON.parse(stored ?? '[]');
    return Array.isArray(parsed) ? parsed.filter((s): s is string => typeof s === 'string' && s !== '') : [];
  } catch {
    return [];
  }
}

export function readFavourites(storage: Storage): string[] {
  return parseFavourites(storedFavourites(storage));
}

export function writeFavourites(storage: Storage, symbols: readonly string[]): void {
  storage.setItem(FAVOURITES_KEY, JSON.stringify([...new Set(symbols)]));
  notify();
}

/** Forgets this browser's favourites (once they live on the server). */
export function clearFavourites(storage: Storage): void {
  storage.removeItem(FAVOURITES_KEY);
  notify();
}

/** The list with `symbol` added when absent, removed when present. */
export function toggled(symbols: readonly string[], symbol: string): string[] {
  return symbols.includes(symbol) ? symbols.filter((s) => s !== symbol) : [...symbols, symbol];
}
