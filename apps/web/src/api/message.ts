import { getNoReadMessageCount } from '@opex/contract/calls/message';
import { useCallQuery } from './query.ts';

/** The spec's unread poll: fetched at once, then every 15 s while logged in, silently; stops when logged out. */
export const UNREAD_POLL_MS = 15_000;

export function useUnreadMessages(isLogin: boolean) {
  return useCallQuery(
    getNoReadMessageCount,
    {},
    { enabled: isLogin, refetchInterval: isLogin ? UNREAD_POLL_MS : false, polling: true, staleTime: 0 },
  );
}
