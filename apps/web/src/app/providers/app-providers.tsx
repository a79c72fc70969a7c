import { QueryClientProvider } from '@tanstack/react-query';
import { SnackbarProvider } from 'notistack';
import { type ReactNode, useState } from 'react';
import { ErrorBoundary } from 'react-error-boundary';
import { ErrorFallback } from '../layout/error-fallback.tsx';
import { SessionProvider } from '../session/session.tsx';
import { AppThemeProvider } from '../theme/app-theme-provider.tsx';
import { createQueryClient } from './query-client.ts';

/** Everything the pages rely on: theme, crash page, server state, snackbars, session. */
export function AppProviders({ children }: { children: ReactNode }) {
  const [queryClient] = useState(createQueryClient);
  return (
    <AppThemeProvider>
      <ErrorBoundary FallbackComponent={ErrorFallback}>
        <QueryClientProvider client={queryClient}>
          <SnackbarProvider
            maxSnack={3}
            anchorOrigin={{ vertical: 'bottom', horizontal: 'left' }}
            preventDuplicate
          >
            <SessionProvider>{children}</SessionProvider>
          </SnackbarProvider>
        </QueryClientProvider>
      </ErrorBoundary>
    </AppThemeProvider>
  );
}
