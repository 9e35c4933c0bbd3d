import type { RouteMeta } from '../routes.tsx';

/** What each route object carries for the shell (its spec name and meta flags), read back with useMatches(). */
export interface RouteHandle {
  name: string;
  meta: RouteMeta;
}
