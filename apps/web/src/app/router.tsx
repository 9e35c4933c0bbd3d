import { createBrowserRouter, Navigate, type RouteObject } from 'react-router';
import { redirectsFor, routesFor, type ServedRoute, servedMode } from '../routes.tsx';
import type { SiteMode } from '../state/site-mode.ts';
import { basenameFrom } from './basename.ts';
import type { RouteHandle } from './route-handle.ts';
import { RootLayout } from './shell/RootLayout.tsx';
import { StartFailure } from './shell/StartFailure.tsx';

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
