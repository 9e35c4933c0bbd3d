import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { MarketTags } from '../../markets/MarketTags.tsx';
import { type ChosenMarket, type MarketGroups, marketPath } from '../../markets/market-symbol.ts';
import { formatAt, roseText } from '../../markets/trade-format.ts';
import { useFavouriteMarkets } from '../../markets/use-favourite-markets.tsx';
import { useLiveTickers } from '../../realtime/live-tickers.ts';
import { FAVOURITES_TAB } from '../../state/favourite-symbols.ts';
import styles from '../../trading/trading.module.css';
import { SearchInput } from '../../ui/search-input/SearchInput.tsx';
import { Tabs } from '../../ui/tabs/Tabs.tsx';

/**
 * The markets of one quote group, or the favourites of every group, with last price and 24 h change as the realtime
 * socket pushes them (no polling); choosing one opens its trade page. Each row's star (beside the link, not in it)
 * keeps the market among the favourites, as on /market (the same hook: on the server or in this browser).
 */
export function MarketList({
  groups,
  current,
  basePath = '/trade',
}: {
  groups: MarketGroups;
  current: ChosenMarket;
  /** The page a market opens (spot /trade, margin /margin). */
  basePath?: string;
}) {
  const { t } = useTranslation();
  const [title, setTitle] = useState(current.title);
  const [search, setSearch] = useState('');
  const { favourites, star } = useFavouriteMarkets({ size: 's' });
  const wanted = search.toUpperCase();
  const inTab =
    title === FAVOURITES_TAB
      ? Object.values(groups).flatMap((group) => Object.entries(group).filter(([, e]) => favourites.has(e.symbol)))
      : Object.entries(groups[title] ?? {});
  const names = inTab.filter(([name]) => name.includes(wanted));
  const { tickers } = useLiveTickers(inTab.map(([, entry]) => entry.symbol));
  const empty = title === FAVOURITES_TAB && wanted === '' ? t('market.noFavourites') : t('common.noData');
  return (
    <section className={styles.marketList} aria-label={t('trade.markets.label')}>
      <SearchInput
        label={t('trade.markets.search')}
        placeholder={t('trade.markets.search')}
        value={search}
        onChange={setSearch}
      />
      <Tabs
        label={t('trade.markets.groups')}
        value={title}
        onValueChange={setTitle}
        items={[
          { key: FAVOURITES_TAB, name: t('market.favourites') },
          ...Object.keys(groups).map((key) => ({ key, name: key })),
        ]}
      />
      <div className={styles.listHead} aria-hidden="true">
        <span>{t('trade.markets.pair')}</span>
        <span>{t('trade.markets.last')}</span>
        <span>{t('trade.markets.change')}</span>
      </div>
      <ul className={styles.scroll}>
        {names.map(([name, entry]) => {
          const row = tickers[entry.symbol];
          const rose = roseText(row?.rose);
          const [base, quote] = name.split('/');
          return (
            <li key={name} className={styles.marketItem}>
              {star(entry.symbol, name)}
              <Link
                to={`${basePath}/${marketPath(name)}`}
                className={styles.marketRow}
                aria-current={name === current.name ? 'page' : undefined}
              >
                <span>
                  <strong>{base}</strong>/{quote}
                  <MarketTags tags={entry.tags} />
                </span>
                <span>{formatAt(row?.close, entry.price)}</span>
                <span data-direction={rose.direction}>{rose.text}</span>
              </Link>
            </li>
          );
        })}
        {names.length === 0 && <li className={styles.empty}>{empty}</li>}
      </ul>
    </section>
  );
}
