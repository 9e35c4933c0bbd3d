import { OptionalOperation, optionalListSymbol, optionalUpdateSymbol } from '@opex/contract/calls/optional';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { useEffect, useMemo, useSyncExternalStore } from 'react';
import {
  clearFavourites,
  parseFavourites,
  readFavourites,
  storedFavourites,
  subscribeFavourites,
  toggled,
  writeFavourites,
} from '../state/favourite-symbols.ts';
import { CallFailure, invoke } from './call.ts';
import { switchOn, usePublicInfo } from './common.ts';
import { callKey } from './query.ts';
import { useSession } from './user.ts';

/** The operator's switch: favourites on the server for logged-in users; otherwise in this browser. */
export const FAVOURITES_SWITCH = 'optional_symbol_server_open';

type ServerList = { symbols: string[] };

export interface Favourites {
  favourites: ReadonlySet<string>;
  /** Adds or removes a market; a server refusal puts the list back and rejects with the failure. */
  toggle: (symbol: string) => Promise<void>;
  /** Where the list lives now. */
  keptOn: 'server' | 'browser';
  /** Why the server's list did not load (the page shows it: shell.md §8). */
  loadError?: Error;
}

/** The symbols of every market public info lists (btcusdt). */
export function listedSymbols(
  groups: Readonly<Record<string, Readonly<Record<string, { symbol: string }>>>>,
): Set<string> {
  return new Set(Object.values(groups).flatMap((markets) => Object.values(markets).map((entry) => entry.symbol)));
}

/** optional/update_symbol takes at most this many characters of comma-separated symbols at once (the contract's cap). */
export const SYMBOLS_PER_CALL = 4000;

/** The symbols joined by commas in as few batches as the cap allows, in order. */
export function symbolBatches(symbols: readonly string[], cap = SYMBOLS_PER_CALL): string[] {
  const batches: string[] = [];
  let current = '';
  for (const symbol of symbols) {
    if (current !== '' && current.length + 1 + symbol.length > cap) {
      batches.push(current);
      current = '';
    }
    current = current === '' ? symbol : `${current},${symbol}`;
  }
  if (current !== '') batches.push(current);
  return batches;
}

/**
 * The server's list, with this browser's favourites merged in first: those kept here while visiting (or while the
 * switch was off) that name listed markets join the server's list by optional/update_symbol batch adds (operationType
 * 0, the contract's "local favourites after logging in"; one call unless they pass its length cap), whose last reply
 * is the merged list. They then leave this browser, so a star removed later on the server does not come back at the
 * next login; symbols of markets not listed stay here. A batch the server refuses (a market it does not know) leaves
 * them all here for the next load and the server's own list is read; a network failure is the load's error.
 */
export async function loadServerFavourites(storage: Storage, listed: ReadonlySet<string>): Promise<ServerList> {
  const kept = readFavourites(storage);
  const joining = kept.filter((symbol) => listed.has(symbol));
  if (joining.length === 0) return invoke(optionalListSymbol, {});
  let merged: ServerList = { symbols: [] };
  try {
    // Each reply is the whole list after that batch: the last one is the merged list.
    for (const batch of symbolBatches(joining))
      merged = await invoke(optionalUpdateSymbol, { operationType: OptionalOperation.addMany, symbols: batch });
  } catch (failure) {
    if (failure instanceof CallFailure) return invoke(optionalListSymbol, {});
    throw failure;
  }
  const staying = kept.filter((symbol) => !listed.has(symbol));
  if (staying.length > 0) writeFavourites(storage, staying);
  else clearFavourites(storage);
  return merged;
}

/**
 * The favourite markets (lower-case symbols): optional/list_symbol and optional/update_symbol when the switch is on
 * and someone is logged in (this browser's favourites merged in on the first load: loadServerFavourites), local
 * storage otherwise. A server change shows at once and is undone if refused. Every list using this hook on the page
 * sees the same favourites.
 */
export function useFavouriteSymbols(): Favourites {
  const info = usePublicInfo();
  const { user } = useSession();
  const onServer = user !== null && switchOn(info.switch, FAVOURITES_SWITCH);
  const queryClient = useQueryClient();
  const listed = useMemo(() => listedSymbols(info.market.market), [info.market.market]);
  const stored = useSyncExternalStore(subscribeFavourites, () => storedFavourites(localStorage));
  const local = useMemo(() => parseFavourites(stored), [stored]);
  // One cache entry per user, so a list read before a logout never shows for the next login.
  const key = [...callKey(optionalListSymbol, {}), user?.id ?? null];
  const server = useQuery({
    queryKey: key,
    queryFn: () => loadServerFavourites(localStorage, listed),
    enabled: onServer,
    staleTime: 60_000,
  });
  const waiting = onServer && local.some((symbol) => listed.has(symbol));
  // Stars of this browser made after the list was read (logged out and in again within a minute): merge them now.
  // A read already under way merges them itself.
  // biome-ignore lint/correctness/useExhaustiveDependencies: the key is rebuilt each render; the user id is in it
  useEffect(() => {
    if (waiting) void queryClient.invalidateQueries({ queryKey: key, exact: true }, { cancelRefetch: false });
  }, [waiting, queryClient, user?.id]);

  if (!onServer) {
    return {
      keptOn: 'browser',
      favourites: new Set(local),
      toggle: async (symbol) => writeFavourites(localStorage, toggled(readFavourites(localStorage), symbol)),
    };
  }

  return {
    keptOn: 'server',
    ...(server.error ? { loadError: server.error } : {}),
    favourites: new Set(server.data?.symbols ?? []),
    toggle: async (symbol) => {
      const before = queryClient.getQueryData<ServerList>(key)?.symbols ?? [];
      const adding = !before.includes(symbol);
      queryClient.setQueryData(key, { symbols: toggled(before, symbol) });
      try {
        const reply = await invoke(optionalUpdateSymbol, {
          operationType: adding ? OptionalOperation.add : OptionalOperation.remove,
          symbols: symbol,
        });
        queryClient.setQueryData(key, reply);
      } catch (failure) {
        queryClient.setQueryData(key, { symbols: before });
        throw failure;
      }
    },
  };
}
