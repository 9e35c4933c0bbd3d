import type { CallReply } from '@opex/contract/call';
import { userInfo } from '@opex/contract/calls/user';
import { ErrorCode } from '@opex/contract/error-codes';
import { useQuery } from '@tanstack/react-query';
import { CallFailure, invoke } from './call.ts';
import { callKey } from './query.ts';

export type UserInfo = CallReply<typeof userInfo>;

/** common/user_info; a visitor's session-ended answer means "not logged in", which is data (null), not an error. */
export const userInfoQuery = {
  queryKey: callKey(userInfo),
  queryFn: async (): Promise<UserInfo | null> => {
    try {
      return await invoke(userInfo, {});
    } catch (error) {
      if (error instanceof CallFailure && error.code === ErrorCode.sessionEnded) return null;
      throw error;
    }
  },
  staleTime: Number.POSITIVE_INFINITY,
};

/**
 * The login state of the spec: `userInfo` loaded means logged in (flag "2"); null with user info ready means a
 * visitor (flag "1"); `ready` is false while the first answer is pending.
 */
export function useSession() {
  const query = useQuery(userInfoQuery);
  const user = query.data ?? null;
  return { user, isLogin: user !== null, ready: query.isFetched || query.isError, loginFlag: user ? '2' : '1' };
}
