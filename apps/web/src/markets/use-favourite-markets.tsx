import { useEffect } from 'react';
import { useTranslation } from 'react-i18next';
import { useFavouriteSymbols } from '../api/favourite-symbols.ts';
import { errorText } from '../i18n/error-text.ts';
import { FavouriteStar } from '../ui/favourite-star/FavouriteStar.tsx';
import { useToast } from '../ui/toast/ToastProvider.tsx';

/**
 * The favourite markets for a market list (the /market page, the trade page's side list): the favourites
 * (useFavouriteSymbols: on the server or in this browser) and the star of a market. A list that failed to load, or
 * a change the server refused, shows as an error toast (shell.md §8).
 */
export function useFavouriteMarkets(options: { size?: 's' | 'm' } = {}) {
  const { t } = useTranslation();
  const { favourites, toggle, loadError } = useFavouriteSymbols();
  const toast = useToast();
  // biome-ignore lint/correctness/useExhaustiveDependencies: once per failure, not per render of the toast list
  useEffect(() => {
    if (loadError) toast.error(errorText(t, loadError));
  }, [loadError]);

  /** The star of a market: `symbol` btcusdt, `pair` as shown (BTC/USDT). */
  const star = (symbol: string, pair: string) => {
    const starred = favourites.has(symbol);
    return (
      <FavouriteStar
        starred={starred}
        size={options.size ?? 'm'}
        label={t(starred ? 'market.removeFavourite' : 'market.addFavourite', { pair })}
        onToggle={() => void toggle(symbol).catch((failure) => toast.error(errorText(t, failure)))}
      />
    );
  };
  return { favourites, star };
}
