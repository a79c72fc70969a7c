import Button from '@mui/material/Button';
import Skeleton from '@mui/material/Skeleton';
import Stack from '@mui/material/Stack';
import { Link as RouterLink, useParams } from 'react-router';
import { errorMessage } from '../../../shared/api/api-error.ts';
import { AccessNotice } from '../../../shared/ui/access-notice.tsx';
import { PageContainer, PageHeader } from '../../../shared/ui/page-header.tsx';
import { ProctoringReview, VoidedNotice } from '../../proctoring/index.ts';
import { useAttemptResult } from '../api/attempts.api.ts';
import { AttemptResultView } from '../results/attempt-result-view.tsx';

/**
 * /assessment/result/:id: one attempt's result, as the review options allow, with its
 * proctoring review when it was proctored (and the notice when a proctor's decision voided it).
 */
export default function AttemptResultPage() {
  const id = Number(useParams().id);
  const result = useAttemptResult(id);
  if (result.isError || !Number.isInteger(id) || id <= 0)
    return (
      <AccessNotice title="This result is not available">
        {errorMessage(result.error, 'The result could not be loaded.')}
      </AccessNotice>
    );
  if (!result.data)
    return (
      <PageContainer maxWidth={960}>
        <Stack sx={{ gap: 2 }} aria-busy="true" aria-label="Loading the result">
          <Skeleton variant="text" width="50%" height={48} />
          <Skeleton variant="rounded" height={140} />
          <Skeleton variant="rounded" height={220} />
        </Stack>
      </PageContainer>
    );
  const r = result.data;
  return (
    <PageContainer maxWidth={960}>
      <PageHeader
        title={r.assessment.title}
        subtitle={`Attempt ${r.number} · ${r.learner.fullname}`}
        actions={
          <>
            <Button
              component={RouterLink}
              to={`/assessment/results/${r.assessment.id}`}
              variant="outlined"
            >
              All my attempts
            </Button>
            <Button component={RouterLink} to="/assessment/start" variant="text">
              My assessments
            </Button>
          </>
        }
      />
      <Stack sx={{ gap: 3 }}>
        {r.voided && <VoidedNotice />}
        <AttemptResultView result={r} afterSummary={<ProctoringReview attempt={r.id} />} />
      </Stack>
    </PageContainer>
  );
}
