import Alert from '@mui/material/Alert';
import Button from '@mui/material/Button';
import { Link as RouterLink } from 'react-router';
import { errorMessage } from '../../../shared/api/api-error.ts';
import { PageContainer } from '../../../shared/ui/page-header.tsx';
import { CLASSROOM_MESSAGES, classroomHomeUrl } from '../labels.ts';

/** A classroom page whose subject is missing, unknown or out of reach: say so, offer the way home. */
export function ClassroomProblem({
  error,
  text,
  fallback = CLASSROOM_MESSAGES.detailFailed,
}: {
  error?: unknown;
  text?: string;
  /** The spec §8 text when the server says nothing of its own. */
  fallback?: string;
}) {
  return (
    <PageContainer maxWidth={760}>
      <Alert
        severity={error ? 'error' : 'info'}
        action={
          <Button color="inherit" size="small" component={RouterLink} to={classroomHomeUrl()}>
            Classroom
          </Button>
        }
      >
        {text ?? errorMessage(error, fallback)}
      </Alert>
    </PageContainer>
  );
}
