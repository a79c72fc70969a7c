import { lazyPage } from './routing/lazy-page.ts';
import type { AppRoute } from './routing/route-types.ts';

/*
 * The route manifest: every page of the app is listed here, once, with its guard (spec §2).
 * Feature issues add their pages to this list; router.tsx turns it into React Router routes.
 * Pages are lazily loaded, so each lazyPage id must be unique.
 */

const SystemStatusPage = lazyPage(
  'system-status',
  () => import('../features/system/pages/system-status.page.tsx'),
);
const NotFoundPage = lazyPage(
  'not-found',
  () => import('../features/system/pages/not-found.page.tsx'),
);

export const appRoutes: readonly AppRoute[] = [
  // Temporary home until sign-in takes over '/'. Open to everyone, signed in or not.
  {
    path: '/',
    guard: 'public',
    allowSignedIn: true,
    Page: SystemStatusPage,
    title: 'System status',
  },

  // Any other path (spec §2). React Router ranks '*' last whatever its position.
  { path: '*', guard: 'public', allowSignedIn: true, Page: NotFoundPage, title: 'Page not found' },
];
