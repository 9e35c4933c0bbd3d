import { useState } from 'react';
import { readFavourites, toggled, writeFavourites } from '../../state/favourite-symbols.ts';

/** The favourite markets and a toggle. */
export function useFavourites(): { favourites: ReadonlySet<string>; toggle: (symbol: string) => void } {
  const [symbols, setSymbols] = useState(() => readFavourites(localStorage));
  const toggle = (symbol: string) => {
    const next = toggled(symbols, symbol);
    writeFavourites(localStorage, next);
    setSymbols(next);
  };
  return { favourites: new Set(symbols), toggle };
}
