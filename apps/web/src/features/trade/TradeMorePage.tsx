import { type Candle, channels, type KlinePeriod, klinePeriods, type Ticker } from '@opex/contract/realtime';
import { useMemo, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { usePublicInfo } from '../../api/common.ts';
import { findMarket, type MarketGroups } from '../../markets/market-symbol.ts';
import { formatAt, roseText } from '../../markets/trade-format.ts';
import { useChannel, useChannelRequest } from '../../realtime/index.ts';
import { KlineChart } from '../../trading/chart/KlineChart.tsx';
import { withLiveCandle } from '../../trading/chart/kline-series.ts';
import styles from '../../trading/trading.module.css';
import { usePhoneLayout } from '../../trading/use-phone-layout.ts';
import { SegmentedTab } from '../../ui/tabs/Tabs.tsx';
import { VisuallyHidden } from '../../ui/visually-hidden/VisuallyHidden.tsx';
import {
  type ChartCell,
  LAYOUTS,
  type Layout,
  marketNames,
  readTradeMore,
  type TradeMoreLayout,
  tradePath,
  writeTradeMore,
} from './trade-more.ts';

const KLINE_PAGE = { pageSize: 300 };

/**
 * /tradeMore: several markets' candles at once (one, two or four charts), each with its own market and period,
 * live from the K-line channels; the choice is remembered in local storage. A cell's title opens its trade page.
 */
export default function TradeMorePage() {
  const { t } = useTranslation();
  const info = usePublicInfo();
  const phone = usePhoneLayout();
  const groups = info.market.market;
  const names = useMemo(() => marketNames(groups, info.market.maket_index), [groups, info.market.maket_index]);
  const [state, setState] = useState<TradeMoreLayout>(() => readTradeMore(localStorage, names));
  const save = (next: TradeMoreLayout) => {
    setState(next);
    writeTradeMore(localStorage, next);
  };
  const setCell = (index: number, cell: ChartCell) =>
    save({ ...state, cells: state.cells.map((c, i) => (i === index ? cell : c)) });

  if (names.length === 0) return <p className={styles.noMarket}>{t('trade.noMarket')}</p>;
  const shown = state.cells.slice(0, state.layout);
  return (
    <div className={styles.more}>
      <div className={styles.moreBar}>
        <h1>{t('trade.more.title')}</h1>
        <SegmentedTab
          label={t('trade.more.layout')}
          value={String(state.layout)}
          onValueChange={(v) => save({ ...state, layout: Number(v) as Layout })}
          items={LAYOUTS.map((n) => ({ key: String(n), name: t(`trade.more.layout${n}`) }))}
        />
      </div>
      <div className={styles.moreGrid} data-layout={phone ? 1 : state.layout}>
        {shown.map((cell, index) => (
          <ChartCellView
            // biome-ignore lint/suspicious/noArrayIndexKey: a cell is its position in the grid
            key={index}
            index={index}
            cell={cell}
            groups={groups}
            names={names}
            onChange={(next) => setCell(index, next)}
          />
        ))}
      </div>
    </div>
  );
}

function ChartCellView({
  index,
  cell,
  groups,
  names,
  onChange,
}: {
  index: number;
  cell: ChartCell;
  groups: MarketGroups;
  names: readonly string[];
  onChange: (cell: ChartCell) => void;
}) {
  const { t } = useTranslation();
  const market = findMarket(groups, cell.market.replace('/', '_'));
  const sym = market?.entry.symbol ?? null;
  const channel = sym ? channels.kline(sym, cell.period) : null;
  const history = useChannelRequest<Candle[]>(channel, KLINE_PAGE);
  const live = useChannel<Candle>(channel);
  const ticker = useChannel<Ticker>(sym ? channels.ticker(sym) : null);
  const rose = roseText(ticker?.rose);
  const period = (p: KlinePeriod) => t(`trade.period.${p}`);
  const cellName = t('trade.more.cell', { number: index + 1 });
  return (
    <section className={styles.moreCell} aria-label={cellName}>
      <div className={styles.moreCellBar}>
        <label>
          <VisuallyHidden>{t('trade.more.market', { cell: cellName })}</VisuallyHidden>
          <select value={cell.market} onChange={(e) => onChange({ ...cell, market: e.target.value })}>
            {names.map((name) => (
              <option key={name} value={name}>
                {name}
              </option>
            ))}
          </select>
        </label>
        <p className={styles.moreLast} data-direction={rose.direction}>
          <VisuallyHidden>{t('trade.header.last')} </VisuallyHidden>
          {formatAt(ticker?.close, market?.entry.price ?? 2)}
          <span>{rose.text}</span>
        </p>
        <label>
          <VisuallyHidden>{t('trade.more.period', { cell: cellName })}</VisuallyHidden>
          <select value={cell.period} onChange={(e) => onChange({ ...cell, period: e.target.value as KlinePeriod })}>
            {klinePeriods.map((p) => (
              <option key={p} value={p}>
                {period(p)}
              </option>
            ))}
          </select>
        </label>
        <Link className={styles.moreTrade} to={tradePath(cell.market)}>
          {t('trade.more.trade')}
        </Link>
      </div>
      {market && channel ? (
        <KlineChart
          className={styles.moreChart}
          candles={withLiveCandle(history.data ?? [], live)}
          series={channel}
          pricePrecision={market.entry.price}
          label={t('trade.chart.klineLabel', { market: market.name, period: period(cell.period) })}
        />
      ) : null}
    </section>
  );
}
