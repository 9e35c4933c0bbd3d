import { useQueryClient } from '@tanstack/react-query';
import { userInfoQuery } from '../../api/user.ts';

/** After a change to the account, common/user_info is read again so every screen shows the new state. */
export function useRefreshUser(): () => Promise<void> {
  const client = useQueryClient();
  return () => client.invalidateQueries({ queryKey: userInfoQuery.queryKey });
}
