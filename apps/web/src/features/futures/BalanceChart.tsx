import type { IChartApi, ISeriesApi, UTCTimestamp } from 'lightweight-charts';
import { useEffect, useMemo, useRef, useState } from 'react';
import own from '../../futures/futures.module.css';
import { balancePoints, type InsuranceList } from '../../futures/insurance-fund.ts';
import { chartTheme, token } from '../../trading/chart/chart-theme.ts';
import { localOffsetSeconds } from '../../trading/chart/kline-series.ts';

/**
 * A balance over time as a stepped line (it holds until the next movement), with lightweight-charts in the skin's
 * colours, loaded after the page's first paint as the candle chart is. data-points: how many points it holds, for
 * tests (a canvas shows no count).
 */
export function BalanceChart({
  line,
  digits,
  label,
}: {
  line: InsuranceList['brokenLineList'];
  digits: number;
  label: string;
}) {
  const box = useRef<HTMLDivElement>(null);
  const series = useRef<{ chart: IChartApi; line: ISeriesApi<'Line'> }>(undefined);
  const [ready, setReady] = useState(false);
  const points = useMemo(() => balancePoints(line, localOffsetSeconds), [line]);

  useEffect(() => {
    let cancelled = false;
    let made: IChartApi | undefined;
    void import('lightweight-charts').then(({ ColorType, createChart, LineSeries, LineType }) => {
      const el = box.current;
      if (cancelled || !el) return;
      made = createChart(el, chartTheme(el, ColorType.Solid));
      const balance = made.addSeries(LineSeries, {
        color: token(el, '--color-brand'),
        lineWidth: 2,
        lineType: LineType.WithSteps,
        // A point a day it moved: dots keep a short history (one day: one point) visible.
        pointMarkersVisible: true,
      });
      series.current = { chart: made, line: balance };
      setReady(true);
    });
    return () => {
      cancelled = true;
      series.current = undefined;
      made?.remove();
    };
  }, []);

  useEffect(() => {
    const s = series.current;
    if (!ready || !s) return;
    s.line.applyOptions({ priceFormat: { type: 'price', precision: digits, minMove: 10 ** -digits } });
    s.line.setData(points.map((p) => ({ time: p.time as UTCTimestamp, value: p.value })));
    s.chart.timeScale().fitContent();
  }, [points, digits, ready]);

  return <div ref={box} className={own.balanceChart} role="img" aria-label={label} data-points={points.length} />;
}
