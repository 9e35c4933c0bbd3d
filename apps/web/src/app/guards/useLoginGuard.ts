import { useQueryClient } from '@tanstack/react-query';
import { useEffect } from 'react';
import { useLocation, useNavigate } from 'react-router';
import { onSessionEnded } from '../../api/session-events.ts';
import { userInfoQuery, useSession } from '../../api/user.ts';
import type { RouteMeta } from '../../routes.tsx';
import type { LayoutType } from '../../state/site-config.ts';
import { loginRedirectDelay } from '../shell/shell-parts.ts';

/**
 * mustLogin: an anonymous visitor goes to /login (after 500 ms in layout type 2), remembering where they were.
 * The session-ended event (any call answering '10002') clears the user, which re-runs this guard.
 */
export function useLoginGuard(meta: RouteMeta, layout: LayoutType): void {
  const client = useQueryClient();
  const { isLogin, ready } = useSession();
  const navigate = useNavigate();
  const location = useLocation();

  useEffect(
    () =>
      onSessionEnded(() => {
        if (client.getQueryData(userInfoQuery.queryKey)) client.setQueryData(userInfoQuery.queryKey, null);
      }),
    [client],
  );

  useEffect(() => {
    if (!meta.mustLogin || !ready || isLogin) return;
    const from = location.pathname + location.search;
    const timer = setTimeout(() => navigate('/login', { replace: true, state: { from } }), loginRedirectDelay(layout));
    return () => clearTimeout(timer);
  }, [meta.mustLogin, ready, isLogin, layout, navigate, location.pathname, location.search]);
}
