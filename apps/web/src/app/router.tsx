import { createBrowserRouter, Navigate, type RouteObject } from 'react-router';
import { type RouteMeta, redirectsFor, routesFor, type ServedRoute, type SiteMode, servedMode } from '../routes.tsx';
import { basenameFrom } from './basename.ts';
import { RootLayout } from './shell/RootLayout.tsx';
import { StartFailure } from './shell/StartFailure.tsx';

export interface RouteHandle {
  name: string;
  meta: RouteMeta;
}

function toRouteObject(route: ServedRoute): RouteObject {
  return {
    path: route.path,
    handle: { name: route.name, meta: route.meta } satisfies RouteHandle,
    lazy: async () => ({ Component: (await route.load()).default }),
  };
}

export function createAppRouter(siteMode: SiteMode) {
  const mode = servedMode(siteMode);
  const children: RouteObject[] = [
    ...routesFor(mode).map(toRouteObject),
    ...redirectsFor(mode).map(({ path, to }) => ({ path, element: <Navigate to={to} replace /> })),
  ];
  return createBrowserRouter([{ element: <RootLayout />, errorElement: <StartFailure />, children }], {
    basename: basenameFrom(document.baseURI),
  });
}
