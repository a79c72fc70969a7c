import { useEffect } from 'react';
import { Navigate } from 'react-router';
import { useOrganisation } from '../../features/organisations/index.ts';
import { useSession } from '../../shared/session/session-context.ts';
import { PageLoader } from '../../shared/ui/page-loader.tsx';
import { decideAccess } from './access.ts';
import { NotFoundPage } from './not-found-page.ts';
import type { AppRoute } from './route-types.ts';

export const APP_NAME = 'Atrium';

/** Renders a manifest route's page if the session may see it, otherwise redirects. */
export function GuardedRoute({ route }: { route: AppRoute }) {
  const session = useSession();
  const organisationTitle = useOrganisation()?.title || APP_NAME;
  const access = decideAccess(route, session);
  const title = route.Page ? route.title : 'Page not found';

  useEffect(() => {
    if (access.kind === 'allow') {
      document.title = title ? `${organisationTitle} · ${title}` : organisationTitle;
    }
  }, [access.kind, title, organisationTitle]);

  if (access.kind === 'redirect') return <Navigate to={access.to} replace />;
  if (access.kind === 'wait') return <PageLoader label="Loading your profile" />;
  const Page = route.Page ?? NotFoundPage;
  return <Page />;
}
