import { createBrowserRouter, Navigate, type RouteObject } from 'react-router';
import { type RouteDef, type RouteMeta, redirectsFor, routesFor, type SiteMode } from '../routes.tsx';
import { basenameFrom } from './basename.ts';
import { RootLayout } from './shell/RootLayout.tsx';
import { StartFailure } from './shell/StartFailure.tsx';

export interface RouteHandle {
  name: string;
  meta: RouteMeta;
}

function toRouteObject(route: RouteDef): RouteObject {
  return {
    path: route.path,
    handle: { name: route.name, meta: route.meta } satisfies RouteHandle,
    lazy: async () => ({ Component: (await route.load()).default }),
  };
}

export function createAppRouter(mode: SiteMode) {
  const children: RouteObject[] = [
    ...routesFor(mode).map(toRouteObject),
    ...redirectsFor(mode).map(({ path, to }) => ({ path, element: <Navigate to={to} replace /> })),
  ];
  return createBrowserRouter([{ element: <RootLayout />, errorElement: <StartFailure />, children }], {
    basename: basenameFrom(document.baseURI),
  });
}
