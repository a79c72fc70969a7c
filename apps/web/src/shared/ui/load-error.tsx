import Alert from '@mui/material/Alert';
import Button from '@mui/material/Button';
import { errorMessage } from '../api/api-error.ts';

/**
 * What a list or card shows when its data could not be read: the server's message (else
 * `fallback`) and a Retry that reads it again, so nobody has to reload the page.
 */
export function LoadError({
  error,
  fallback,
  onRetry,
}: {
  error: unknown;
  fallback: string;
  onRetry: () => void;
}) {
  return (
    <Alert
      severity="error"
      action={
        <Button color="inherit" size="small" onClick={onRetry}>
          Retry
        </Button>
      }
    >
      {errorMessage(error, fallback)}
    </Alert>
  );
}
