import { useEffect } from 'react';
import { useTranslation } from 'react-i18next';
import { useLocation } from 'react-router';
import { usePublicInfo } from '../../api/common.ts';
import { beaconUrl } from './tracking-beacon.ts';

/** Sends the tracking beacon once per page view (path change), as a fire-and-forget image request. */
export function useTrackingBeacon() {
  const endpoint = usePublicInfo().url?.trackUrl;
  const { pathname } = useLocation();
  const { i18n } = useTranslation();
  useEffect(() => {
    const url = beaconUrl(endpoint, location.hostname, { page: pathname, lang: i18n.language, time: Date.now() });
    if (url) new Image().src = url;
  }, [endpoint, pathname, i18n.language]);
}
