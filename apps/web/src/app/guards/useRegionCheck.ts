import { limitIpLogin } from '@opex/contract/calls/common';
import { ErrorCode } from '@opex/contract/error-codes';
import { useEffect } from 'react';
import { useLocation, useNavigate } from 'react-router';
import { CallFailure, invoke } from '../../api/call.ts';
import { saveLimitCountryNames } from '../../state/region-limit.ts';

export const SERVICE_LIMIT_PATH = '/serviceLimit';

/**
 * The region check of the spec: on every route change except serviceLimit, GET limit_ip_login; code '109109'
 * keeps the restricted country names (msg) in session storage and goes to serviceLimit. Other failures are
 * ignored: a network hiccup must not lock anyone out.
 */
export function useRegionCheck(): void {
  const { pathname } = useLocation();
  const navigate = useNavigate();
  useEffect(() => {
    if (pathname === SERVICE_LIMIT_PATH) return;
    let cancelled = false;
    invoke(limitIpLogin, {}).catch((error: unknown) => {
      if (cancelled || !(error instanceof CallFailure) || error.code !== ErrorCode.regionRestricted) return;
      saveLimitCountryNames(error.message);
      navigate(SERVICE_LIMIT_PATH, { replace: true });
    });
    return () => {
      cancelled = true;
    };
  }, [pathname, navigate]);
}
