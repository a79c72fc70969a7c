import { useEffect } from 'react';
import { Navigate } from 'react-router';
import { useSession } from '../session/session.tsx';
import { decideAccess } from './access.ts';
import type { AppRoute } from './route-types.ts';

export const APP_NAME = 'Atrium';

/** Renders a manifest route's page if the session may see it, otherwise redirects. */
export function GuardedRoute({ route }: { route: AppRoute }) {
  const session = useSession();
  const access = decideAccess(route, session);

  useEffect(() => {
    if (access.kind === 'allow') {
      document.title = route.title ? `${APP_NAME} · ${route.title}` : APP_NAME;
    }
  }, [access.kind, route.title]);

  if (access.kind === 'redirect') return <Navigate to={access.to} replace />;
  const { Page } = route;
  return <Page />;
}
