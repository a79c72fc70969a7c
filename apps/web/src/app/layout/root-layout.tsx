import { Suspense } from 'react';
import { ErrorBoundary } from 'react-error-boundary';
import { Outlet, ScrollRestoration, useLocation, useRouteError } from 'react-router';
import { RealtimeProvider } from '../../shared/realtime/index.ts';
import { PageLoader } from '../../shared/ui/page-loader.tsx';
import { SessionProvider } from '../session/session.tsx';
import { ErrorFallback } from './error-fallback.tsx';

/**
 * The parent of every route. A page that crashes (including a lazy chunk that failed twice)
 * shows the fallback page; moving to another path clears it. Go Home does a full load of '/',
 * which also drops whatever state the crash left behind.
 */
export function RootLayout() {
  const { pathname } = useLocation();
  return (
    <SessionProvider>
      {/* One realtime stream per signed-in tab (shared/realtime). */}
      <RealtimeProvider>
        <ErrorBoundary resetKeys={[pathname]} FallbackComponent={ErrorFallback}>
          <Suspense fallback={<PageLoader />}>
            <Outlet />
          </Suspense>
        </ErrorBoundary>
        <ScrollRestoration />
      </RealtimeProvider>
    </SessionProvider>
  );
}

/** For errors the router itself catches (the session provider, loaders, the layout). */
export function RouteErrorPage() {
  return <ErrorFallback error={useRouteError()} />;
}
