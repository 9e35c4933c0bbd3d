import { useSyncExternalStore } from 'react';

/**
 * Whether the screen is a phone's (the design system's 768 px break): for tables that drop columns there, since a
 * fixed-layout table keeps the room of a column whose cells are merely hidden by CSS.
 */
export const NARROW_QUERY = '(max-width: 768px)';

function subscribe(onChange: () => void): () => void {
  const query = window.matchMedia(NARROW_QUERY);
  query.addEventListener('change', onChange);
  return () => query.removeEventListener('change', onChange);
}

export function useNarrowScreen(): boolean {
  return useSyncExternalStore(
    subscribe,
    () => window.matchMedia(NARROW_QUERY).matches,
    () => false,
  );
}
