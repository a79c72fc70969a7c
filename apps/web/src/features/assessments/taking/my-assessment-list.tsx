import type {
  LEARNER_ASSESSMENT_STATES,
  ZLearnerAssessment,
  ZLearnerAssessmentPage,
} from '@atrium/contract';
import AssignmentOutlined from '@mui/icons-material/AssignmentOutlined';
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Card from '@mui/material/Card';
import CardActionArea from '@mui/material/CardActionArea';
import CardContent from '@mui/material/CardContent';
import Chip from '@mui/material/Chip';
import Skeleton from '@mui/material/Skeleton';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import type { UseQueryResult } from '@tanstack/react-query';
import { Link as RouterLink } from 'react-router';
import type { z } from 'zod';
import { errorMessage } from '../../../shared/api/api-error.ts';
import { attemptsLabel, percentLabel, timeLimitLabel, windowLabel } from './labels.ts';

export type LearnerState = (typeof LEARNER_ASSESSMENT_STATES)[number];
type Item = z.infer<typeof ZLearnerAssessment>;

export const STATE_LABELS: Record<LearnerState, string> = {
  open: 'Open',
  upcoming: 'Upcoming',
  in_progress: 'In progress',
  completed: 'Completed',
  closed: 'Closed',
};
const STATE_COLORS = {
  open: 'primary',
  upcoming: 'default',
  in_progress: 'warning',
  completed: 'success',
  closed: 'default',
} as const;

function AssessmentCard({ a }: { a: Item }) {
  return (
    <Card variant="outlined" sx={{ borderRadius: 3, height: '100%' }}>
      <CardActionArea component={RouterLink} to={`/assessment/${a.uuid}`} sx={{ height: '100%' }}>
        <CardContent>
          <Stack direction="row" sx={{ gap: 1, alignItems: 'flex-start', mb: 1 }}>
            <Typography
              variant="h2"
              sx={{ fontSize: '1.1rem', fontWeight: 700, flex: 1, overflowWrap: 'anywhere' }}
            >
              {a.title}
            </Typography>
            <Chip size="small" color={STATE_COLORS[a.state]} label={STATE_LABELS[a.state]} />
          </Stack>
          {a.course && (
            <Typography variant="body2" sx={{ color: 'text.secondary', mb: 1 }}>
              {a.course.title}
            </Typography>
          )}
          <Stack
            component="ul"
            sx={{ m: 0, p: 0, listStyle: 'none', gap: 0.25, color: 'text.secondary' }}
          >
            <Typography component="li" variant="body2">
              {windowLabel(a.opens_at, a.closes_at)}
            </Typography>
            <Typography component="li" variant="body2">
              {timeLimitLabel(a.time_limit_seconds)}
            </Typography>
            <Typography component="li" variant="body2">
              Attempts: {attemptsLabel(a.attempts_used, a.attempts_allowed)}
            </Typography>
          </Stack>
          {a.final && (
            <Stack direction="row" sx={{ gap: 1, alignItems: 'center', mt: 1.5 }}>
              <Typography sx={{ fontWeight: 700 }}>
                Final grade {percentLabel(a.final.percent)}
              </Typography>
              <Chip
                size="small"
                variant="outlined"
                color={a.final.passed ? 'success' : 'error'}
                label={a.final.passed ? 'Passed' : 'Not passed'}
              />
            </Stack>
          )}
        </CardContent>
      </CardActionArea>
    </Card>
  );
}

const grid = {
  display: 'grid',
  gap: 2,
  gridTemplateColumns: { xs: '1fr', sm: 'repeat(2, 1fr)', md: 'repeat(3, 1fr)' },
} as const;

/** The learner's assessments as cards, with loading, error and empty states. */
export function MyAssessmentList({
  list,
  filtered,
}: {
  list: UseQueryResult<z.infer<typeof ZLearnerAssessmentPage>>;
  filtered: boolean;
}) {
  if (list.isPending)
    return (
      <Box sx={grid} aria-busy="true" aria-label="Loading your assessments">
        {[0, 1, 2].map((i) => (
          <Skeleton key={i} variant="rounded" height={170} />
        ))}
      </Box>
    );
  if (list.isError) return <Alert severity="error">{errorMessage(list.error)}</Alert>;
  if (list.data.results.length === 0)
    return (
      <Stack sx={{ alignItems: 'center', textAlign: 'center', py: 6, gap: 1 }}>
        <AssignmentOutlined sx={{ fontSize: 56, color: 'text.secondary' }} aria-hidden />
        <Typography variant="h2" sx={{ fontSize: '1.25rem' }}>
          {filtered ? 'No assessments in this state' : 'No assessments yet'}
        </Typography>
        <Typography sx={{ color: 'text.secondary', maxWidth: 420 }}>
          Assessments assigned to you, or in courses you are enrolled in, appear here.
        </Typography>
      </Stack>
    );
  return (
    <Box component="ul" sx={{ ...grid, m: 0, p: 0, listStyle: 'none' }}>
      {list.data.results.map((a) => (
        <li key={a.id}>
          <AssessmentCard a={a} />
        </li>
      ))}
    </Box>
  );
}
