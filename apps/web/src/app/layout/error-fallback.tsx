import ErrorOutlineRounded from '@mui/icons-material/ErrorOutlineRounded';
import HomeRounded from '@mui/icons-material/HomeRounded';
import Alert from '@mui/material/Alert';
import Button from '@mui/material/Button';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import { isRouteErrorResponse } from 'react-router';
import { CenteredPage } from '../../shared/ui/centered-page.tsx';

/** The text of whatever was thrown, for the crash page. */
export function describeError(error: unknown): string {
  if (isRouteErrorResponse(error)) return `${error.status} ${error.statusText}`.trim();
  if (error instanceof Error && error.message) return error.message;
  if (typeof error === 'string' && error) return error;
  return 'An unknown error occurred.';
}

interface ErrorFallbackProps {
  error: unknown;
  /** Defaults to a full page load of '/', which also resets any broken in-memory state. */
  onGoHome?: () => void;
}

/** The crash page (spec §8): the error text and a Go Home button returning to /. */
export function ErrorFallback({ error, onGoHome }: ErrorFallbackProps) {
  const goHome = onGoHome ?? (() => window.location.assign('/'));
  return (
    <CenteredPage>
      <Stack spacing={3} sx={{ alignItems: 'center', textAlign: 'center' }}>
        <ErrorOutlineRounded color="error" sx={{ fontSize: 64 }} />
        <Typography variant="h1" sx={{ fontSize: { xs: '1.75rem', sm: '2.25rem' } }}>
          Something went wrong
        </Typography>
        <Typography sx={{ color: 'text.secondary' }}>
          The page could not be shown. You can go back to the home page and try again.
        </Typography>
        <Alert severity="error" sx={{ width: '100%', textAlign: 'left', overflowWrap: 'anywhere' }}>
          {describeError(error)}
        </Alert>
        <Button variant="contained" size="large" startIcon={<HomeRounded />} onClick={goHome}>
          Go Home
        </Button>
      </Stack>
    </CenteredPage>
  );
}
