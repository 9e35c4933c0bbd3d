import type { TradeTick } from '@opex/contract/realtime';
import { useTranslation } from 'react-i18next';
import styles from './trade.module.css';
import { clockTime, formatAt } from './trade-format.ts';

/** The market's latest trades, newest first, coloured by the taker's side. */
export function RecentTrades({
  trades,
  pricePrecision,
  volumePrecision,
}: {
  trades: readonly TradeTick[] | undefined;
  pricePrecision: number;
  volumePrecision: number;
}) {
  const { t } = useTranslation();
  return (
    <section className={styles.trades} aria-label={t('trade.trades.label')}>
      <div className={styles.panelBar}>
        <h2>{t('trade.trades.title')}</h2>
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
        {trades?.length === 0 && <li className={styles.empty}>{t('trade.trades.none')}</li>}
      </ol>
    </section>
  );
}
