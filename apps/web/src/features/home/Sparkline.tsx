import { type Candle, channels } from '@opex/contract/realtime';
import { useTranslation } from 'react-i18next';
import { useChannelRequest } from '../../realtime/index.ts';
import styles from './home.module.css';
import { dayDirection, lastDayCloses, sparklinePoints } from './sparkline.ts';

const WIDTH = 96;
const HEIGHT = 28;
const HOUR_S = 3600;
/** A day of hourly candles, plus one for the hour under way. */
const DAY_OF_HOURS = { pageSize: 25 };

/** A market's last 24 h as a line of its hourly closes (index_kline_switch). */
export function Sparkline({ symbol, name }: { symbol: string; name: string }) {
  const { t } = useTranslation();
  const { data } = useChannelRequest<Candle[]>(channels.kline(symbol, '60min'), DAY_OF_HOURS);
  const closes = lastDayCloses(data ?? [], HOUR_S);
  const points = sparklinePoints(closes, WIDTH, HEIGHT);
  if (!points) return <span className={styles.sparkEmpty}>--</span>;
  return (
    <svg
      className={styles.spark}
      data-direction={dayDirection(closes)}
      viewBox={`-1 -1 ${WIDTH + 2} ${HEIGHT + 2}`}
      width={WIDTH}
      height={HEIGHT}
      role="img"
      aria-label={t('home.sparkline', { market: name })}
    >
      <polyline points={points} fill="none" strokeWidth="1.5" strokeLinejoin="round" />
    </svg>
  );
}
