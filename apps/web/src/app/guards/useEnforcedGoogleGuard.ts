import { useEffect } from 'react';
import { useLocation, useNavigate } from 'react-router';
import { switchOn, usePublicInfo } from '../../api/common.ts';
import { useSession } from '../../api/user.ts';

/**
 * Switch is_enforce_google_auth: the pages whose actions the server refuses without Google bound (withdrawals, the
 * withdrawal address book, API keys) send a logged-in user without it to /personal/bindGoogle, remembering where
 * they were so binding brings them back. Everything else stays reachable (the account pages show a banner).
 */
export const googleGatedPaths = [
  '/assets/withdraw',
  '/assets/addressMent',
  '/personal/apiManagement',
  '/personal/checkApi',
];

export const BIND_GOOGLE_PATH = '/personal/bindGoogle';

export function enforcedGoogleRedirect(
  pathname: string,
  enforced: boolean,
  user: { googleStatus: number } | null | undefined,
): string | null {
  if (!enforced || !user || user.googleStatus === 1) return null;
  const gated = googleGatedPaths.some((path) => pathname === path || pathname.startsWith(`${path}/`));
  return gated ? BIND_GOOGLE_PATH : null;
}

export function useEnforcedGoogleGuard(): void {
  const info = usePublicInfo();
  const { user } = useSession();
  const navigate = useNavigate();
  const location = useLocation();
  const enforced = switchOn(info.switch, 'is_enforce_google_auth');
  const target = enforcedGoogleRedirect(location.pathname, enforced, user);

  useEffect(() => {
    if (!target) return;
    navigate(target, { replace: true, state: { from: location.pathname + location.search, enforced: true } });
  }, [target, navigate, location.pathname, location.search]);
}
