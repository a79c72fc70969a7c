import { createBrowserRouter, type RouteObject } from 'react-router';
import { AppShell } from './layout/app-shell.tsx';
import { RootLayout, RouteErrorPage } from './layout/root-layout.tsx';
import { SimplifiedShell } from './layout/simplified-shell.tsx';
import { appRoutes } from './routes.tsx';
import { GuardedRoute } from './routing/guarded-route.tsx';
import type { AppRoute } from './routing/route-types.ts';

const toRouteObject = (route: AppRoute): RouteObject => ({
  path: route.path,
  element: <GuardedRoute route={route} />,
});

/**
 * React Router's route tree for a manifest: one root layout (session, crash page) around every
 * page; protected and (perm) pages share the app shell, so the drawer survives navigation, but
 * for those with the simplified layout (logo and user only).
 */
export function buildRouteObjects(routes: readonly AppRoute[] = appRoutes): RouteObject[] {
  return [
    {
      element: <RootLayout />,
      errorElement: <RouteErrorPage />,
      children: [
        ...routes.filter((route) => route.guard === 'public').map(toRouteObject),
        {
          element: <AppShell />,
          children: routes
            .filter((route) => route.guard !== 'public' && route.layout !== 'simplified')
            .map(toRouteObject),
        },
        {
          element: <SimplifiedShell />,
          children: routes
            .filter((route) => route.guard !== 'public' && route.layout === 'simplified')
            .map(toRouteObject),
        },
      ],
    },
  ];
}

export function createAppRouter() {
  return createBrowserRouter(buildRouteObjects());
}
