import type { ZMyResults } from '@atrium/contract';
import Button from '@mui/material/Button';
import Chip from '@mui/material/Chip';
import Paper from '@mui/material/Paper';
import Skeleton from '@mui/material/Skeleton';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import { Link as RouterLink, useParams } from 'react-router';
import type { z } from 'zod';
import { errorMessage } from '../../../shared/api/api-error.ts';
import { AccessNotice } from '../../../shared/ui/access-notice.tsx';
import { PageContainer, PageHeader } from '../../../shared/ui/page-header.tsx';
import { useMyResults } from '../api/attempts.api.ts';
import { AttemptsTable } from '../taking/attempts-table.tsx';
import { GRADING_METHOD_LABELS, percentLabel } from '../taking/labels.ts';

function FinalGrade({ data }: { data: z.infer<typeof ZMyResults> }) {
  return (
    <Paper variant="outlined" sx={{ p: { xs: 2, sm: 3 }, borderRadius: 3 }}>
      <Typography variant="body2" sx={{ color: 'text.secondary' }}>
        Final grade · {GRADING_METHOD_LABELS[data.grading_method]}
      </Typography>
      {data.final ? (
        <Stack direction="row" sx={{ gap: 1.5, alignItems: 'center', mt: 0.5 }}>
          <Typography sx={{ fontSize: '2rem', fontWeight: 700 }}>
            {percentLabel(data.final.percent)}
          </Typography>
          <Chip
            color={data.final.passed ? 'success' : 'error'}
            label={data.final.passed ? 'Passed' : 'Not passed'}
          />
        </Stack>
      ) : (
        <Typography sx={{ mt: 0.5 }}>Not graded yet.</Typography>
      )}
    </Paper>
  );
}

/** /assessment/results/:id: the learner's attempts at one assessment and their final grade. */
export default function MyResultsPage() {
  const id = Number(useParams().id);
  const results = useMyResults(id);
  if (results.isError || !Number.isInteger(id) || id <= 0)
    return (
      <AccessNotice title="These results are not available">
        {errorMessage(results.error, 'Your results could not be loaded.')}
      </AccessNotice>
    );
  return (
    <PageContainer maxWidth={960}>
      {results.data ? (
        <>
          <PageHeader
            title={results.data.assessment.title}
            subtitle="Your attempts"
            actions={
              <Button
                component={RouterLink}
                to={`/assessment/${results.data.assessment.uuid}`}
                variant="outlined"
              >
                Open the assessment
              </Button>
            }
          />
          <Stack sx={{ gap: 3 }}>
            <FinalGrade data={results.data} />
            <AttemptsTable attempts={results.data.attempts} />
          </Stack>
        </>
      ) : (
        <Stack sx={{ gap: 2 }} aria-busy="true" aria-label="Loading your results">
          <Skeleton variant="text" width="50%" height={48} />
          <Skeleton variant="rounded" height={120} />
          <Skeleton variant="rounded" height={200} />
        </Stack>
      )}
    </PageContainer>
  );
}
