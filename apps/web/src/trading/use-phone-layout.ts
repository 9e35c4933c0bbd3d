import { useSyncExternalStore } from 'react';

/** Below this width the trade page stacks its panels behind tabs (matches trade.module.css). */
const PHONE_QUERY = '(max-width: 899px)';

const subscribe = (onChange: () => void) => {
  const query = window.matchMedia(PHONE_QUERY);
  query.addEventListener('change', onChange);
  return () => query.removeEventListener('change', onChange);
};

/** True on a narrow screen; rendered once per layout so only one K-line chart and one book exist. */
export function usePhoneLayout(): boolean {
  return useSyncExternalStore(
    subscribe,
    () => window.matchMedia(PHONE_QUERY).matches,
    () => false,
  );
}
