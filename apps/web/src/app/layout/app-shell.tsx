import Box from '@mui/material/Box';
import Toolbar from '@mui/material/Toolbar';
import { Suspense, useMemo, useState } from 'react';
import { ErrorBoundary } from 'react-error-boundary';
import { Outlet, useLocation } from 'react-router';
import { useModuleTimeTracking } from '../../features/activity/index.ts';
import { RequestFlowBar } from '../../features/approvals/index.ts';
import { useOrganisation } from '../../features/organisations/index.ts';
import { toDrawerItems } from '../../shared/menu/drawer-items.ts';
import { useSession } from '../../shared/session/session-context.ts';
import { InShellContext } from '../../shared/ui/centered-page.tsx';
import { PageLoader } from '../../shared/ui/page-loader.tsx';
import { IdleGuard } from '../idle/idle-guard.tsx';
import { idlePolicy } from '../idle/idle-policy.ts';
import { AppDrawer } from './app-drawer.tsx';
import { ErrorFallback } from './error-fallback.tsx';
import { useRequestFlow } from './request-flow.ts';
import { TopBar } from './top-bar.tsx';

/** The page area: its own crash boundary and loader, so the menu stays usable around them. */
function PageArea() {
  const { pathname } = useLocation();
  return (
    <InShellContext value={true}>
      <ErrorBoundary resetKeys={[pathname]} FallbackComponent={ErrorFallback}>
        <Suspense fallback={<PageLoader />}>
          <Outlet />
        </Suspense>
      </ErrorBoundary>
    </InShellContext>
  );
}

/**
 * Spec §2 request-flow mode: the approver's bar over the page, naming the request and its
 * decisions. Its own boundary: should it fail, the page under it stays usable.
 */
function RequestFlowArea() {
  const requestFlow = useRequestFlow();
  const { search } = useLocation();
  if (!requestFlow) return null;
  return (
    <ErrorBoundary resetKeys={[search]} fallbackRender={() => null}>
      <RequestFlowBar />
    </ErrorBoundary>
  );
}

/** What a signed-in user has around every page: the idle timeout. */
function SignedInServices() {
  const { signOut } = useSession();
  const idle = useOrganisation()?.idle;
  const policy = useMemo(() => idlePolicy(idle), [idle]);
  return <IdleGuard policy={policy} signOut={signOut} />;
}

/** Time-in-module tracking: approved users only (the server refuses it to pending accounts). */
function ModuleTimeTracking() {
  const { pathname } = useLocation();
  useModuleTimeTracking(pathname);
  return null;
}

/**
 * The layout of every protected page (spec §2): the side menu from the permission list and the
 * top bar, both only for approved users (spec §4); a user awaiting approval sees the page alone.
 */
export function AppShell() {
  const { token, user, menu } = useSession();
  const [mobileOpen, setMobileOpen] = useState(false);
  const items = useMemo(() => toDrawerItems(menu), [menu]);

  // No token: the page's guard redirects. Token but no profile yet: the guard shows a loader.
  if (!token || !user) return <Outlet />;

  if (!user.is_approved) {
    return (
      <Box component="main" sx={{ minHeight: '100dvh', bgcolor: 'background.default' }}>
        <SignedInServices />
        <PageArea />
      </Box>
    );
  }

  return (
    <Box sx={{ display: 'flex', minHeight: '100dvh', bgcolor: 'background.default' }}>
      <SignedInServices />
      <ModuleTimeTracking />
      <TopBar onOpenMenu={() => setMobileOpen(true)} />
      <AppDrawer items={items} mobileOpen={mobileOpen} onMobileClose={() => setMobileOpen(false)} />
      <Box
        component="main"
        sx={{
          flex: 1,
          minWidth: 0,
          '--app-header-height': { xs: '56px', sm: '64px' },
        }}
      >
        <Toolbar aria-hidden />
        <RequestFlowArea />
        <PageArea />
      </Box>
    </Box>
  );
}
