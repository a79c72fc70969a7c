import { createBrowserRouter, type RouteObject } from 'react-router';
import { RootLayout, RouteErrorPage } from './layout/root-layout.tsx';
import { appRoutes } from './routes.tsx';
import { GuardedRoute } from './routing/guarded-route.tsx';
import type { AppRoute } from './routing/route-types.ts';

/** React Router's route tree for a manifest: one layout around every guarded page. */
export function buildRouteObjects(routes: readonly AppRoute[] = appRoutes): RouteObject[] {
  return [
    {
      element: <RootLayout />,
      errorElement: <RouteErrorPage />,
      children: routes.map((route) => ({
        path: route.path,
        element: <GuardedRoute route={route} />,
      })),
    },
  ];
}

export function createAppRouter() {
  return createBrowserRouter(buildRouteObjects());
}
