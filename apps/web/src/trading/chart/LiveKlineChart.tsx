import type { Candle } from '@opex/contract/realtime';
import { useMemo } from 'react';
import { useChannel, useChannelRequest } from '../../realtime/index.ts';
import { KlineChart } from './KlineChart.tsx';
import { withLiveCandle } from './kline-series.ts';

const KLINE_PAGE = { pageSize: 300 };

/** Candle history (a req) plus the live candle of one market and period; listened to only while on screen. */
export function LiveKlineChart({
  channel,
  pricePrecision,
  label,
  className,
}: {
  channel: string;
  pricePrecision: number;
  label: string;
  /** Replaces the fixed chart height (KlineChart's className). */
  className?: string;
}) {
  const history = useChannelRequest<Candle[]>(channel, KLINE_PAGE);
  const liveCandle = useChannel<Candle>(channel);
  const candles = useMemo(() => withLiveCandle(history.data ?? [], liveCandle), [history.data, liveCandle]);
  return (
    <KlineChart
      candles={candles}
      series={channel}
      pricePrecision={pricePrecision}
      label={label}
      {...(className ? { className } : {})}
    />
  );
}
