import Avatar from '@mui/material/Avatar';
import Box from '@mui/material/Box';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import { Suspense } from 'react';
import { ErrorBoundary } from 'react-error-boundary';
import { Outlet, useLocation } from 'react-router';
import { useOrganisation } from '../../features/organisations/index.ts';
import { initials } from '../../shared/format/initials.ts';
import { useSession } from '../../shared/session/session-context.ts';
import { BrandMark } from '../../shared/ui/brand-mark.tsx';
import { InShellContext } from '../../shared/ui/centered-page.tsx';
import { PageLoader } from '../../shared/ui/page-loader.tsx';
import { ErrorFallback } from './error-fallback.tsx';

/**
 * Spec §2: the assessment start page (and the attempt after it) shows only the logo and the
 * user: no menu, notifications or links that would draw the learner away mid-attempt.
 */
export function SimplifiedShell() {
  const { token, user } = useSession();
  const organisation = useOrganisation();
  const { pathname } = useLocation();
  // No token: the page's guard redirects. No profile yet: the guard shows its loader.
  if (!token || !user) return <Outlet />;
  return (
    <Box sx={{ minHeight: '100dvh', bgcolor: 'background.default' }}>
      <Box
        component="header"
        sx={{
          borderBottom: 1,
          borderColor: 'divider',
          bgcolor: 'background.paper',
          px: { xs: 1.5, sm: 3 },
          py: 1,
        }}
      >
        <Stack direction="row" sx={{ alignItems: 'center', gap: 2, maxWidth: 1200, mx: 'auto' }}>
          <Box sx={{ flex: 1, minWidth: 0 }}>
            <BrandMark
              size="small"
              title={organisation?.title}
              logo={organisation?.site_logo ?? organisation?.logo}
            />
          </Box>
          <Stack direction="row" sx={{ alignItems: 'center', gap: 1, minWidth: 0 }}>
            <Avatar
              aria-hidden
              sx={{ width: 32, height: 32, bgcolor: 'secondary.main', fontSize: '0.85rem' }}
            >
              {initials(user.fullname)}
            </Avatar>
            <Typography noWrap sx={{ fontWeight: 600, maxWidth: { xs: 120, sm: 260 } }}>
              {user.fullname}
            </Typography>
          </Stack>
        </Stack>
      </Box>
      <Box component="main">
        <InShellContext value={true}>
          <ErrorBoundary resetKeys={[pathname]} FallbackComponent={ErrorFallback}>
            <Suspense fallback={<PageLoader />}>
              <Outlet />
            </Suspense>
          </ErrorBoundary>
        </InShellContext>
      </Box>
    </Box>
  );
}
