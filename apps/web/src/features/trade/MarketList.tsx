import type { homeMarket } from '@opex/contract/calls/common';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import type { z } from 'zod';
import { SearchInput } from '../../ui/search-input/SearchInput.tsx';
import { Tabs } from '../../ui/tabs/Tabs.tsx';
import { type ChosenMarket, type MarketGroups, marketPath } from './market-symbol.ts';
import styles from './trade.module.css';
import { formatAt, roseText } from './trade-format.ts';

export type MarketRow = z.infer<typeof homeMarket>;

/** The markets of one quote group with last price and 24 h change; choosing one opens its trade page. */
export function MarketList({
  groups,
  current,
  rows,
}: {
  groups: MarketGroups;
  current: ChosenMarket;
  rows: MarketRow[] | undefined;
}) {
  const { t } = useTranslation();
  const [title, setTitle] = useState(current.title);
  const [search, setSearch] = useState('');
  const bySymbol = new Map(rows?.map((r) => [r.symbol, r]));
  const wanted = search.toUpperCase();
  const names = Object.entries(groups[title] ?? {}).filter(([name]) => name.includes(wanted));
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
        items={Object.keys(groups).map((key) => ({ key, name: key }))}
      />
      <div className={styles.listHead} aria-hidden="true">
        <span>{t('trade.markets.pair')}</span>
        <span>{t('trade.markets.last')}</span>
        <span>{t('trade.markets.change')}</span>
      </div>
      <ul className={styles.scroll}>
        {names.map(([name, entry]) => {
          const row = bySymbol.get(entry.symbol);
          const rose = roseText(row?.rose);
          const [base, quote] = name.split('/');
          return (
            <li key={name}>
              <Link
                to={`/trade/${marketPath(name)}`}
                className={styles.marketRow}
                aria-current={name === current.name ? 'page' : undefined}
              >
                <span>
                  <strong>{base}</strong>/{quote}
                </span>
                <span>{formatAt(row?.close, entry.price)}</span>
                <span data-direction={rose.direction}>{rose.text}</span>
              </Link>
            </li>
          );
        })}
        {names.length === 0 && <li className={styles.empty}>{t('common.noData')}</li>}
      </ul>
    </section>
  );
}
