import { coinDigits, formatAmount } from '@opex/contract/display';
import { useMemo, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, useSearchParams } from 'react-router';
import { usePublicInfo } from '../../api/common.ts';
import { useNarrowScreen } from '../../browser/use-narrow-screen.ts';
import { MarketTags } from '../../markets/MarketTags.tsx';
import { displayNumber, displayRose } from '../../markets/market-format.ts';
import { useFavouriteMarkets } from '../../markets/use-favourite-markets.tsx';
import { useRealtimeStatus } from '../../realtime/index.ts';
import { useLiveTickers } from '../../realtime/live-tickers.ts';
import { pickMarketTitle } from '../../state/selection.ts';
import { DataTable } from '../../ui/data-table/DataTable.tsx';
import type { SortState, TableColumn, TableRow } from '../../ui/data-table/table-types.ts';
import { LivePrice } from '../../ui/live-price/LivePrice.tsx';
import { SearchInput } from '../../ui/search-input/SearchInput.tsx';
import { Tabs } from '../../ui/tabs/Tabs.tsx';
import { VisuallyHidden } from '../../ui/visually-hidden/VisuallyHidden.tsx';
import styles from './market.module.css';
import { configuredMarkets, FAVOURITES_TAB, type MarketRow, sortMarkets, visibleMarkets } from './market-rows.ts';

const priceColumns = ['high', 'low'] as const;

/**
 * /market: every shown market by quote group (plus the favourites), searchable and sortable by any column, with
 * prices from the realtime socket: the `review` req for all at once, then a ticker subscription per listed market.
 */
export default function MarketPage() {
  const { t } = useTranslation();
  const info = usePublicInfo();
  const groups = info.market.market;
  const [params, setParams] = useSearchParams();
  const tab =
    params.get('tab') === FAVOURITES_TAB
      ? FAVOURITES_TAB
      : (pickMarketTitle(params.get('tab') ?? undefined, groups, info.market.maket_index) ?? FAVOURITES_TAB);
  const [search, setSearch] = useState('');
  const [sort, setSort] = useState<SortState>();
  const { favourites, star } = useFavouriteMarkets();
  const status = useRealtimeStatus();
  const narrow = useNarrowScreen();

  const markets = useMemo(() => configuredMarkets(groups), [groups]);
  const inTab = visibleMarkets(markets, tab, favourites, '');
  const { tickers, loading } = useLiveTickers(inTab.map((m) => m.symbol));

  const rows: MarketRow[] = sortMarkets(
    visibleMarkets(inTab, tab, favourites, search).map((m) => ({
      ...m,
      ticker: tickers[m.symbol],
    })),
    sort,
  );

  // A phone shows the star, pair, last price and change; the day's range, volumes and the trade link need room.
  const allColumns: TableColumn[] = [
    {
      key: 'favourite',
      title: <VisuallyHidden>{t('market.col.favourite')}</VisuallyHidden>,
      width: 'calc(var(--space-3) * 2 + var(--font-size-m) + var(--space-1) * 2)',
    },
    { key: 'pair', title: t('market.col.pair'), sortable: true },
    { key: 'close', title: t('market.col.last'), sortable: true, align: 'right' },
    { key: 'rose', title: t('market.col.change'), sortable: true, align: 'right' },
    { key: 'high', title: t('market.col.high'), sortable: true, align: 'right', classes: styles.wide },
    { key: 'low', title: t('market.col.low'), sortable: true, align: 'right', classes: styles.wide },
    { key: 'vol', title: t('market.col.volume'), sortable: true, align: 'right', classes: styles.wide },
    { key: 'amount', title: t('market.col.amount'), sortable: true, align: 'right', classes: styles.wide },
    { key: 'action', title: t('market.col.action'), align: 'right', classes: styles.wide },
  ];
  const columns = narrow ? allColumns.filter((column) => column.classes !== styles.wide) : allColumns;

  const tableRows: TableRow[] = rows.map((row) => {
    const rose = displayRose(row.ticker?.rose ?? '--');
    const path = `/trade/${row.name.replace('/', '_')}`;
    return {
      id: row.symbol,
      cells: {
        favourite: { type: 'text', text: star(row.symbol, row.name) },
        pair: {
          type: 'text',
          text: (
            <>
              <Link className={styles.pair} to={path}>
                <strong>{row.base}</strong>
                <span>/{row.quote}</span>
              </Link>
              <MarketTags tags={groups[row.quote]?.[row.name]?.tags} />
            </>
          ),
        },
        close: {
          type: 'text',
          text: <LivePrice value={row.ticker?.close ?? '--'} direction={rose.direction} />,
        },
        rose: {
          type: 'text',
          text: (
            <span className={styles.change} data-direction={rose.direction}>
              {rose.text}
            </span>
          ),
        },
        ...Object.fromEntries(
          priceColumns.map((key) => [key, { type: 'text', text: displayNumber(row.ticker?.[key] ?? '--') }]),
        ),
        // Amounts carry their coin; the turnover is at the quote coin's precision.
        vol: { type: 'text', text: row.ticker ? `${displayNumber(row.ticker.vol)} ${row.base}` : '--' },
        amount: {
          type: 'text',
          text: formatAmount(row.ticker?.amount, coinDigits(info.market.coinList, row.quote, 8), row.quote),
        },
        action: {
          type: 'text',
          text: (
            <Link className={styles.trade} to={path}>
              {t('market.trade')}
            </Link>
          ),
        },
      },
    };
  });

  const chooseTab = (next: string) => {
    setParams((current) => {
      current.set('tab', next);
      return current;
    });
  };

  const noData =
    search !== ''
      ? t('market.noMatch', { search })
      : tab === FAVOURITES_TAB
        ? t('market.noFavourites')
        : t('common.noData');

  return (
    <div className={styles.page}>
      <div className={styles.head}>
        <h1>{t('market.heading')}</h1>
        {status !== 'open' && (
          <p className={styles.status} role="status">
            {t(status === 'closed' ? 'market.closed' : 'market.connecting')}
          </p>
        )}
        <div className={styles.search}>
          <SearchInput
            label={t('market.search')}
            placeholder={t('market.search')}
            value={search}
            onChange={setSearch}
          />
        </div>
      </div>
      <div className={styles.panel}>
        <Tabs
          label={t('market.groups')}
          value={tab}
          onValueChange={chooseTab}
          items={[
            { key: FAVOURITES_TAB, name: t('market.favourites') },
            ...Object.keys(groups).map((key) => ({ key, name: key })),
          ]}
        />
        <DataTable
          label={t('market.table')}
          columns={columns}
          rows={tableRows}
          noDataText={noData}
          loading={loading}
          sort={sort}
          onSortChange={setSort}
          lines={Math.max(tableRows.length, 3)}
          loadingText={t('common.loading')}
        />
      </div>
    </div>
  );
}
