import type { Candle } from '@opex/contract/realtime';
import type { IChartApi, ISeriesApi, UTCTimestamp } from 'lightweight-charts';
import { useEffect, useRef, useState } from 'react';
import styles from '../trading.module.css';
import { chartTheme, token } from './chart-theme.ts';
import { localOffsetSeconds, toChartCandle } from './kline-series.ts';

interface ChartParts {
  chart: IChartApi;
  candles: ISeriesApi<'Candlestick'>;
  volume: ISeriesApi<'Histogram'>;
}

/**
 * Candles and volume with lightweight-charts, coloured from the skin's tokens. `series` names what is drawn
 * (market and period): a new one replaces all data; within one, a longer or changed history is set again and a
 * live candle only updates the end, so the reader's zoom and scroll stay put. The charting library loads after
 * the page's first paint (a chunk of its own): the book and the forms do not wait for it.
 */
export function KlineChart({
  candles,
  series,
  pricePrecision,
  label,
  className,
}: {
  candles: readonly Candle[];
  series: string;
  pricePrecision: number;
  label: string;
  /** Replaces the trade page's fixed chart height (a /tradeMore cell fills its grid cell). */
  className?: string;
}) {
  const box = useRef<HTMLDivElement>(null);
  const parts = useRef<ChartParts>(undefined);
  const drawn = useRef<{ series: string; first?: number; count: number }>({ series: '', count: 0 });
  const [ready, setReady] = useState(false);

  useEffect(() => {
    let cancelled = false;
    let made: IChartApi | undefined;
    void import('lightweight-charts').then(({ CandlestickSeries, ColorType, createChart, HistogramSeries }) => {
      const el = box.current;
      if (cancelled || !el) return;
      made = draw(el);
      setReady(true);
      function draw(el: HTMLElement): IChartApi {
        const rise = token(el, '--color-rise');
        const fall = token(el, '--color-fall');
        const theme = chartTheme(el, ColorType.Solid);
        const chart = createChart(el, {
          ...theme,
          // Room right of the newest candle: its time label is not cut by the price scale, and it reads as live.
          timeScale: { ...theme.timeScale, rightOffset: 6 },
        });
        const candleSeries = chart.addSeries(CandlestickSeries, {
          upColor: rise,
          downColor: fall,
          borderUpColor: rise,
          borderDownColor: fall,
          wickUpColor: rise,
          wickDownColor: fall,
        });
        const volume = chart.addSeries(HistogramSeries, {
          priceScaleId: '',
          priceFormat: { type: 'volume' },
          // The volume's last value would sit on the price scale among the prices: no label, no line.
          lastValueVisible: false,
          priceLineVisible: false,
        });
        volume.priceScale().applyOptions({ scaleMargins: { top: 0.8, bottom: 0 } });
        candleSeries.priceScale().applyOptions({ scaleMargins: { top: 0.1, bottom: 0.25 } });
        parts.current = { chart, candles: candleSeries, volume };
        drawn.current = { series: '', count: 0 };
        return chart;
      }
    });
    return () => {
      cancelled = true;
      parts.current = undefined;
      made?.remove();
    };
  }, []);

  useEffect(() => {
    if (!ready) return;
    parts.current?.candles.applyOptions({
      priceFormat: { type: 'price', precision: pricePrecision, minMove: 10 ** -pricePrecision },
    });
  }, [pricePrecision, ready]);

  useEffect(() => {
    const p = parts.current;
    const el = box.current;
    if (!ready || !p || !el) return;
    const rise = token(el, '--color-rise');
    const fall = token(el, '--color-fall');
    const bars = candles.map((c) => toChartCandle(c, localOffsetSeconds));
    const bar = (c: (typeof bars)[number]) => ({ ...c, time: c.time as UTCTimestamp });
    const vol = (c: (typeof bars)[number]) => ({
      time: c.time as UTCTimestamp,
      value: c.volume,
      color: c.close >= c.open ? rise : fall,
    });
    const before = drawn.current;
    const last = bars.at(-1);
    const onlyEnd = before.series === series && before.first === bars[0]?.time && bars.length - before.count <= 1;
    if (onlyEnd && last) {
      p.candles.update(bar(last));
      p.volume.update(vol(last));
    } else {
      p.candles.setData(bars.map(bar));
      p.volume.setData(bars.map(vol));
      if (before.series !== series) p.chart.timeScale().scrollToRealTime();
    }
    drawn.current = { series, first: bars[0]?.time, count: bars.length };
  }, [candles, series, ready]);

  // data-candles: how many candles the chart holds, for the browser tests (a canvas shows no count).
  return (
    <div ref={box} className={className ?? styles.kline} role="img" aria-label={label} data-candles={candles.length} />
  );
}
