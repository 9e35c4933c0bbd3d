import type { CallReply } from '@opex/contract/call';
import { publicInfoV4, type skinEntry } from '@opex/contract/calls/public-info';
import { useQuery } from '@tanstack/react-query';
import type { z } from 'zod';
import { invoke } from './call.ts';
import { callKey } from './query.ts';

export type PublicInfo = CallReply<typeof publicInfoV4>;
export type Skin = z.infer<typeof skinEntry>;

export const publicInfoQuery = {
  queryKey: callKey(publicInfoV4),
  queryFn: () => invoke(publicInfoV4, {}),
  staleTime: Number.POSITIVE_INFINITY,
};

/** Public info is loaded before the router starts, so every screen reads it synchronously from the cache. */
export function usePublicInfo(): PublicInfo {
  const { data } = useQuery(publicInfoQuery);
  if (!data) throw new Error('public info is loaded at start-up');
  return data;
}

/** A switch of public info; absent means off. */
export function switchOn(switches: Record<string, unknown>, name: string): boolean {
  return String(switches[name] ?? '0') === '1';
}
