import type { TradeTick } from '@opex/contract/realtime';
import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { clockTime, formatAt } from '../../markets/trade-format.ts';
import { SegmentedTab } from '../../ui/tabs/Tabs.tsx';
import styles from '../trading.module.css';
import { mergeLargeTrades } from './large-trades.ts';

/**
 * The market's latest trades, newest first, coloured by the taker's side. Given `large` (is_open_bigDeal), a
 * second tab lists the trades worth at least that much in the quote coin, kept while the page is open.
 */
export function RecentTrades({
  trades: feed,
  pricePrecision,
  volumePrecision,
  large: largeSetting,
}: {
  trades: readonly TradeTick[] | undefined;
  pricePrecision: number;
  volumePrecision: number;
  /** The large-trades tab's least value and the quote coin it is in. */
  large?: { min: string; quote: string };
}) {
  const { t } = useTranslation();
  const largeFrom = largeSetting?.min;
  const [view, setView] = useState<'all' | 'large'>('all');
  const [large, setLarge] = useState<TradeTick[]>([]);
  useEffect(() => {
    if (largeFrom && feed) setLarge((kept) => mergeLargeTrades(kept, feed, largeFrom));
  }, [feed, largeFrom]);
  const trades = largeFrom && view === 'large' ? large : feed;
  return (
    <section className={styles.trades} aria-label={t('trade.trades.label')}>
      <div className={styles.panelBar}>
        {largeFrom ? (
          <SegmentedTab
            label={t('trade.trades.view')}
            value={view}
            onValueChange={(v) => setView(v as 'all' | 'large')}
            items={[
              { key: 'all', name: t('trade.trades.title') },
              { key: 'large', name: t('trade.trades.large') },
            ]}
          />
        ) : (
          <h2>{t('trade.trades.title')}</h2>
        )}
      </div>
      <div className={styles.bookHead} aria-hidden="true">
        <span>{t('trade.book.price')}</span>
        <span>{t('trade.book.amount')}</span>
        <span>{t('trade.trades.time')}</span>
      </div>
      <ol className={styles.scroll} data-testid="recent-trades">
        {trades?.map((trade) => (
          <li key={trade.id} className={styles.tradeRow} data-side={trade.side === 'BUY' ? 'buy' : 'sell'}>
            <span className={styles.price}>{formatAt(trade.price, pricePrecision)}</span>
            <span>{formatAt(trade.vol, volumePrecision)}</span>
            <span>{clockTime(trade.ts)}</span>
          </li>
        ))}
        {trades?.length === 0 && (
          <li className={styles.empty}>
            {view === 'large'
              ? t('trade.trades.noLarge', { value: `${largeFrom} ${largeSetting?.quote}` })
              : t('trade.trades.none')}
          </li>
        )}
      </ol>
    </section>
  );
}
