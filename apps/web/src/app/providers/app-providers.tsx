import { QueryClientProvider } from '@tanstack/react-query';
import { SnackbarProvider } from 'notistack';
import { type ReactNode, useState } from 'react';
import { ErrorBoundary } from 'react-error-boundary';
import { LoadingOverlayProvider } from '../../shared/ui/loading-overlay.tsx';
import { ErrorFallback } from '../layout/error-fallback.tsx';
import { OrganisationThemeProvider } from '../theme/organisation-theme-provider.tsx';
import { createQueryClient } from './query-client.ts';
import { SNACKBAR_COMPONENTS } from './snackbar-content.tsx';

/**
 * Everything the pages rely on: server state (first, since the theme itself is fetched), the
 * organisation's theme, the crash page, snackbars and the loading overlay. The session lives
 * inside the router (root layout) because its flows navigate.
 */
export function AppProviders({ children }: { children: ReactNode }) {
  const [queryClient] = useState(createQueryClient);
  return (
    <QueryClientProvider client={queryClient}>
      <OrganisationThemeProvider>
        <ErrorBoundary FallbackComponent={ErrorFallback}>
          <SnackbarProvider
            maxSnack={3}
            anchorOrigin={{ vertical: 'bottom', horizontal: 'left' }}
            preventDuplicate
            Components={SNACKBAR_COMPONENTS}
          >
            <LoadingOverlayProvider>{children}</LoadingOverlayProvider>
          </SnackbarProvider>
        </ErrorBoundary>
      </OrganisationThemeProvider>
    </QueryClientProvider>
  );
}
