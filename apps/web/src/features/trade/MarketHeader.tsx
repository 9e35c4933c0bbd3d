import { coinDigits } from '@opex/contract/display';
import type { Ticker } from '@opex/contract/realtime';
import { useTranslation } from 'react-i18next';
import { switchOn, usePublicInfo } from '../../api/common.ts';
import type { ChosenMarket } from '../../markets/market-symbol.ts';
import { formatAt, roseText } from '../../markets/trade-format.ts';
import styles from '../../trading/trading.module.css';
import { VisuallyHidden } from '../../ui/visually-hidden/VisuallyHidden.tsx';
import { CoinIntroduction } from './CoinIntroduction.tsx';

/** The market's name and its 24 h figures from the ticker channel. */
export function MarketHeader({
  market,
  ticker,
  live,
}: {
  market: ChosenMarket;
  ticker: Ticker | undefined;
  /** The realtime socket's state: figures may be stale while it is not open. */
  live: 'connecting' | 'open' | 'closed';
}) {
  const { t } = useTranslation();
  const { price, volume } = market.entry;
  const info = usePublicInfo();
  const quoteDigits = coinDigits(info.market.coinList, market.quote, price);
  const rose = roseText(ticker?.rose);
  const stats = [
    { key: 'change', label: t('trade.header.change'), value: rose.text, direction: rose.direction },
    { key: 'high', label: t('trade.header.high'), value: formatAt(ticker?.high, price) },
    { key: 'low', label: t('trade.header.low'), value: formatAt(ticker?.low, price) },
    { key: 'vol', label: t('trade.header.volume', { coin: market.base }), value: formatAt(ticker?.vol, volume) },
    {
      key: 'amount',
      label: t('trade.header.amount', { coin: market.quote }),
      value: formatAt(ticker?.amount, quoteDigits),
    },
  ];
  return (
    <section className={styles.header} aria-label={t('trade.header.label')}>
      <h1 className={styles.pair}>
        {market.base}
        <span>/{market.quote}</span>
      </h1>
      {switchOn(info.switch, 'symbol_profile') && <CoinIntroduction coin={market.base} />}
      <p className={styles.last} data-direction={rose.direction}>
        <VisuallyHidden>{t('trade.header.last')} </VisuallyHidden>
        {formatAt(ticker?.close, price)}
      </p>
      <dl className={styles.stats}>
        {stats.map((s) => (
          <div key={s.key}>
            <dt>{s.label}</dt>
            <dd data-direction={s.direction}>{s.value}</dd>
          </div>
        ))}
      </dl>
      <p className={styles.liveStatus} role="status">
        {live !== 'open' && t(`trade.header.${live}`)}
      </p>
    </section>
  );
}
