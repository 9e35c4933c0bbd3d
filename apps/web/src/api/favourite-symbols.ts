import { OptionalOperation, optionalListSymbol, optionalUpdateSymbol } from '@opex/contract/calls/optional';
import { useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import { readFavourites, toggled, writeFavourites } from '../state/favourite-symbols.ts';
import { invoke } from './call.ts';
import { switchOn, usePublicInfo } from './common.ts';
import { callKey, useCallQuery } from './query.ts';
import { useSession } from './user.ts';

/** The operator's switch: favourites on the server for logged-in users; otherwise in this browser. */
export const FAVOURITES_SWITCH = 'optional_symbol_server_open';

export interface Favourites {
  favourites: ReadonlySet<string>;
  /** Adds or removes a market; a server refusal puts the list back and rejects with the failure. */
  toggle: (symbol: string) => Promise<void>;
  /** Where the list lives now. */
  keptOn: 'server' | 'browser';
  /** Why the server's list did not load (the page shows it: shell.md §8). */
  loadError?: Error;
}

/**
 * The favourite markets (lower-case symbols): optional/list_symbol and optional/update_symbol when the switch is on
 * and someone is logged in, local storage otherwise. A server change shows at once and is undone if refused.
 */
export function useFavouriteSymbols(): Favourites {
  const info = usePublicInfo();
  const { isLogin } = useSession();
  const onServer = isLogin && switchOn(info.switch, FAVOURITES_SWITCH);
  const queryClient = useQueryClient();
  const server = useCallQuery(optionalListSymbol, {}, { enabled: onServer, staleTime: 60_000 });
  const [local, setLocal] = useState(() => readFavourites(localStorage));

  if (!onServer) {
    return {
      keptOn: 'browser',
      favourites: new Set(local),
      toggle: async (symbol) => {
        const next = toggled(readFavourites(localStorage), symbol);
        writeFavourites(localStorage, next);
        setLocal(next);
      },
    };
  }

  const key = callKey(optionalListSymbol, {});
  const current = server.data?.symbols ?? [];
  return {
    keptOn: 'server',
    ...(server.error ? { loadError: server.error } : {}),
    favourites: new Set(current),
    toggle: async (symbol) => {
      const before = queryClient.getQueryData<{ symbols: string[] }>(key)?.symbols ?? [];
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
