import type { CallDef } from '@opex/contract/call';
import type { QueryClient, QueryKey } from '@tanstack/react-query';
import { callKey } from '../api/query.ts';
import type { NumberedUpdate } from './channel-values.ts';
import type { RealtimeClient } from './realtime-client.ts';

/** What a socket's private channels change in the TanStack Query cache. */
export interface ChannelFollowing {
  /** Per channel, merges its value after a push into the cached answers; answers the keys to read again. */
  merges: Record<string, (value: unknown) => QueryKey[]>;
  /** Per channel, the calls a push makes stale that it cannot be merged into (for want of rows). */
  staleAfterPush: Record<string, readonly CallDef[]>;
  /**
   * Per channel, what its lost pushes (a seq gap, a reconnect) make stale: private channels have no snapshot to
   * resend, so what they would have changed is read again.
   */
  staleAfterMissed: Record<string, readonly CallDef[]>;
}

/** Bursts of pushes (or of missed channels) read each stale list once. */
const INVALIDATE_AFTER_MS = 200;

/**
 * Keeps the cache in step with private channels: each push is merged in place, and what it cannot be merged into
 * (and everything after lost pushes) is read again, once per burst. Returns the function that stops.
 */
export function followChannels(
  client: Pick<RealtimeClient, 'listen' | 'value' | 'onMissed'>,
  queryClient: QueryClient,
  following: ChannelFollowing,
): () => void {
  /** Keys to read again: a call's name (all its answers), or one answer's key (exact). */
  const stale = new Map<string, { queryKey: QueryKey; exact: boolean }>();
  let timer: ReturnType<typeof setTimeout> | undefined;
  const flush = () => {
    timer = undefined;
    for (const filter of stale.values()) void queryClient.invalidateQueries(filter);
    stale.clear();
  };
  const markStale = (keys: readonly QueryKey[], exact: boolean) => {
    for (const queryKey of keys) stale.set(JSON.stringify(queryKey), { queryKey, exact });
    if (stale.size > 0) timer ??= setTimeout(flush, INVALIDATE_AFTER_MS);
  };
  const callKeys = (calls: readonly CallDef[] = []) => calls.map((call) => callKey(call));
  const stops = Object.entries(following.merges).map(([channel, merge]) =>
    client.listen(channel, () => {
      markStale(merge(client.value(channel)), true);
      markStale(callKeys(following.staleAfterPush[channel]), false);
    }),
  );
  for (const [channel, calls] of Object.entries(following.staleAfterMissed))
    stops.push(client.onMissed(channel, () => markStale(callKeys(calls), false)));
  return () => {
    clearTimeout(timer);
    for (const stop of stops) stop();
  };
}

/**
 * A merge of a channel whose pushes are numbered (channel-values.ts): each push once, in order, however many a frame
 * carried and however often the value is posted again.
 */
export function eachPushOnce<T>(merge: (updates: T[]) => QueryKey[]): (value: unknown) => QueryKey[] {
  let seen = 0;
  return (value) => {
    const fresh = ((value as NumberedUpdate<T>[] | undefined) ?? []).filter((push) => push.n > seen);
    if (fresh.length > 0) seen = (fresh.at(-1) as NumberedUpdate<T>).n;
    return fresh.length > 0 ? merge(fresh.map((push) => push.update)) : [];
  };
}
