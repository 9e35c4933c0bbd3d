import { channels, type Ticker } from '@opex/contract/realtime';
import { useQueryClient } from '@tanstack/react-query';
import { useEffect } from 'react';
import { channelRequestKey, useChannelRequest } from './index.ts';
import { realtimeClient } from './realtime-client.ts';

export type TickerMap = Readonly<Record<string, Ticker>>;

/**
 * The tickers of market lists: every market's from the `review` req (one TanStack Query cache entry), kept live by
 * the ticker subscriptions of the markets shown, whose pushes are merged into that entry in place (never answered
 * with a refetch). Lists on other pages read the same entry, so they open with the latest prices. Keyed by symbol;
 * loading until the review answers.
 */
export function useLiveTickers(symbols: readonly string[]): { tickers: TickerMap; loading: boolean } {
  const client = realtimeClient();
  const queryClient = useQueryClient();
  const review = useChannelRequest<TickerMap>(channels.review);
  const key = symbols.join(' ');
  useEffect(() => {
    if (!client || key === '') return;
    const reviewKey = channelRequestKey(channels.review);
    const stops = key.split(' ').map((symbol) => {
      const channel = channels.ticker(symbol);
      return client.listen(channel, () => {
        const ticker = client.value(channel) as Ticker | undefined;
        if (ticker) queryClient.setQueryData<TickerMap>(reviewKey, (old) => ({ ...old, [symbol]: ticker }));
      });
    });
    return () => {
      for (const stop of stops) stop();
    };
  }, [client, key, queryClient]);
  return { tickers: review.data ?? NO_TICKERS, loading: review.loading };
}

const NO_TICKERS: TickerMap = {};
