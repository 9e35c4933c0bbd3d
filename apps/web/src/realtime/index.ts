import { useQuery } from '@tanstack/react-query';
import { createContext, useCallback, useContext, useEffect, useState, useSyncExternalStore } from 'react';
import { realtimeClient, type SocketKind } from './realtime-client.ts';
import type { RealtimeStatus, RequestParams } from './worker-messages.ts';

/**
 * The realtime hooks features use. Values come from the socket worker at most once per animation frame:
 * depth: the full current DepthTick; trades: TradeTick[] newest first (at most 50, seeded by a req for the latest
 * 50); ticker: Ticker; kline: the latest Candle. `null` listens to nothing. They read the socket RealtimeSocket names:
 * spot's, unless a page (the futures page) provides another.
 */
export const RealtimeSocket = createContext<SocketKind>('spot');
const useClient = () => realtimeClient(useContext(RealtimeSocket));

export function useChannel<T>(channel: string | null): T | undefined {
  const client = useClient();
  const subscribe = useCallback(
    (onChange: () => void) => (client && channel ? client.listen(channel, onChange) : () => undefined),
    [client, channel],
  );
  const snapshot = () => (client && channel ? (client.value(channel) as T | undefined) : undefined);
  return useSyncExternalStore(subscribe, snapshot, () => undefined);
}

/**
 * The latest values of many channels at once (a market list's tickers), re-read at most once per batch from the
 * worker. Channels with no value yet are absent.
 */
export function useChannels<T>(channelList: readonly string[]): Readonly<Record<string, T>> {
  const client = useClient();
  const key = channelList.join(' ');
  const [values, setValues] = useState<Readonly<Record<string, T>>>({});
  useEffect(() => {
    if (!client) return;
    const names = key === '' ? [] : key.split(' ');
    let queued = false;
    let active = true;
    const read = () => {
      queued = false;
      if (!active) return;
      const next: Record<string, T> = {};
      for (const name of names) {
        const value = client.value(name);
        if (value !== undefined) next[name] = value as T;
      }
      setValues(next);
    };
    // One batch from the worker notifies each changed channel: read them all once after it.
    const onChange = () => {
      if (queued) return;
      queued = true;
      queueMicrotask(read);
    };
    const stops = names.map((name) => client.listen(name, onChange));
    read();
    return () => {
      active = false;
      for (const stop of stops) stop();
    };
  }, [client, key]);
  return values;
}

/** The query key of a req's answer in the TanStack Query cache. */
export function channelRequestKey(channel: string | null, params?: RequestParams): readonly unknown[] {
  return ['realtime', channel, params ?? {}];
}

/** A req on a channel (review, trade_ticker with top, kline with endIdx and pageSize), cached per channel and params. */
export function useChannelRequest<T>(
  channel: string | null,
  params?: RequestParams,
): { data: T | undefined; loading: boolean; error?: string } {
  const client = useClient();
  const enabled = client !== null && channel !== null;
  const query = useQuery({
    queryKey: channelRequestKey(channel, params),
    queryFn: () => (client as NonNullable<typeof client>).request<T>(channel as string, params),
    enabled,
    staleTime: 0,
  });
  const error = query.error?.message;
  return { data: query.data, loading: enabled && query.isPending, ...(error ? { error } : {}) };
}

const noStatus = () => () => undefined;

/** The status of the socket RealtimeSocket names, or of `kind`'s. */
export function useRealtimeStatus(kind?: SocketKind): RealtimeStatus {
  const named = useContext(RealtimeSocket);
  const client = realtimeClient(kind ?? named);
  return useSyncExternalStore(
    client ? (onChange) => client.onStatus(onChange) : noStatus,
    () => client?.status ?? 'closed',
    () => 'connecting',
  );
}

/**
 * Subscribes to channels before any component listens (a page's channels, known from its URL before React has
 * rendered it) and keeps their values for `ms`: the page that mounts meanwhile reads them on its first render.
 */
export function holdChannels(channelList: readonly string[], ms: number, socket: SocketKind = 'spot'): void {
  const client = realtimeClient(socket);
  if (!client) return;
  const stops = channelList.map((channel) => client.listen(channel, () => undefined));
  setTimeout(() => {
    for (const stop of stops) stop();
  }, ms);
}
