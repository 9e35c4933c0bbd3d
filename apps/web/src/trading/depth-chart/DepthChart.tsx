import type { DepthRow } from '@opex/contract/realtime';
import Big from 'big.js';
import { useTranslation } from 'react-i18next';
import { formatAt } from '../../markets/trade-format.ts';
import styles from '../trading.module.css';
import { type DepthPoint, depthSeries } from './depth-series.ts';

const WIDTH = 1000;
const HEIGHT = 400;

/**
 * Cumulative bids (left) and asks (right) as stepped areas. Exact totals come from depth-series.ts; numbers here
 * are only pixel positions.
 */
export function DepthChart({
  buys,
  asks,
  pricePrecision,
  volumePrecision,
}: {
  buys: readonly DepthRow[];
  asks: readonly DepthRow[];
  pricePrecision: number;
  volumePrecision: number;
}) {
  const { t } = useTranslation();
  const series = depthSeries(buys, asks);
  if (!series) return <p className={styles.chartEmpty}>{t('trade.depth.empty')}</p>;
  // A margin on both sides, so the outermost level shows as a step rather than a line on the edge.
  const margin = new Big(series.maxPrice).minus(series.minPrice).times(0.05);
  const low = new Big(series.minPrice).minus(margin);
  const high = new Big(series.maxPrice).plus(margin);
  const min = Number(low);
  const span = Number(high) - min || 1;
  const top = Number(series.maxTotal) || 1;
  const x = (price: string) => ((Number(price) - min) / span) * WIDTH;
  const y = (total: string) => HEIGHT - (Number(total) / top) * HEIGHT * 0.9;
  // A step area from the best price outwards, closed down to the axis; `edge` is where the side's window ends.
  const area = (points: DepthPoint[], edge: number) => {
    if (points.length === 0) return '';
    let path = `M${x(points[0]!.price)},${HEIGHT}`;
    let previous = HEIGHT;
    for (const p of points) {
      path += ` L${x(p.price)},${previous} L${x(p.price)},${y(p.total)}`;
      previous = y(p.total);
    }
    return `${path} L${edge},${previous} L${edge},${HEIGHT} Z`;
  };
  const mid = low.plus(high).div(2).toFixed();
  return (
    <figure className={styles.depth}>
      <svg
        viewBox={`0 0 ${WIDTH} ${HEIGHT}`}
        preserveAspectRatio="none"
        role="img"
        aria-label={t('trade.depth.summary', {
          bids: formatAt(series.buys.at(-1)?.total ?? '0', volumePrecision),
          asks: formatAt(series.asks.at(-1)?.total ?? '0', volumePrecision),
        })}
      >
        <path d={area(series.buys, 0)} className={styles.depthBuy} />
        <path d={area(series.asks, WIDTH)} className={styles.depthSell} />
      </svg>
      <figcaption className={styles.depthAxis}>
        <span>{formatAt(low.gt(0) ? low.toFixed() : '0', pricePrecision)}</span>
        <span>{formatAt(mid, pricePrecision)}</span>
        <span>{formatAt(high.toFixed(), pricePrecision)}</span>
      </figcaption>
    </figure>
  );
}
