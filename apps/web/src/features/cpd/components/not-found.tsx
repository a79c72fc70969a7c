import Alert from '@mui/material/Alert';
import Button from '@mui/material/Button';
import { Link as RouterLink } from 'react-router';
import { errorMessage } from '../../../shared/api/api-error.ts';
import { PageContainer } from '../../../shared/ui/page-header.tsx';
import { CPD_MESSAGES, cpdUrl } from '../labels.ts';

/**
 * A ledger that is missing, unknown or not the caller's to read (the server answers 404 for all
 * three, so nobody learns who exists): say so, and offer the way back to /cpd.
 */
export function CpdProblem({ error, text }: { error?: unknown; text?: string }) {
  return (
    <PageContainer maxWidth={760}>
      <Alert
        severity={error ? 'error' : 'info'}
        action={
          <Button color="inherit" size="small" component={RouterLink} to={cpdUrl()}>
            CPD
          </Button>
        }
      >
        {text ?? errorMessage(error, CPD_MESSAGES.summaryFailed)}
      </Alert>
    </PageContainer>
  );
}
