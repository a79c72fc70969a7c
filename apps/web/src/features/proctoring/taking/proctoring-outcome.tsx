import type { TAttemptOutcome } from '@atrium/contract';
import Alert from '@mui/material/Alert';
import AlertTitle from '@mui/material/AlertTitle';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Paper from '@mui/material/Paper';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import { useId } from 'react';
import { ApiError } from '../../../shared/api/api-error.ts';
import { useProctoringResult } from '../api/device.api.ts';
import { OutcomeChip } from '../components/chips.tsx';
import { FLAG_TYPE, flagTypeLabel, formatTime } from '../labels.tsx';

/** The outcome in the learner's own terms (labels.tsx words it for proctors). */
const MEANING: Record<TAttemptOutcome, string> = {
  clear: 'A proctor reviewed your attempt and found nothing wrong. Your result stands.',
  suspicious:
    'A proctor noted something worth recording, but nothing was proven. Your result stands.',
  violation:
    'A proctor decided that the assessment’s rules were broken during this attempt. Its result is void.',
};

/** Above a result a proctor's decision voided, before its score: why it reads 0. */
export function VoidedNotice() {
  return (
    <Alert severity="error" role="alert">
      <AlertTitle>This result was voided after a proctoring review</AlertTitle>A proctor reviewed
      this attempt and decided it broke the assessment’s rules, so it scores nothing and does not
      count as passed. The proctoring review below gives their reason.
    </Alert>
  );
}

/**
 * Beside a proctored attempt's result: the decision with the proctor's comment and only the
 * flags they confirmed (pending and dismissed flags are not the learner's record, and the server
 * does not send them). Nothing for an attempt that was not proctored.
 */
export function ProctoringReview({ attempt }: { attempt: number }) {
  const titleId = useId();
  const result = useProctoringResult(attempt);
  const data = result.data;
  // A 4xx says there is nothing to show this caller; anything else is worth a retry.
  const failed = result.isError && !(result.error instanceof ApiError && result.error.status < 500);
  return (
    <>
      {failed && (
        <Alert
          severity="warning"
          action={
            <Button color="inherit" size="small" onClick={() => void result.refetch()}>
              Try again
            </Button>
          }
        >
          The proctoring review of this attempt could not be loaded.
        </Alert>
      )}
      {data?.proctored && (
        <Paper
          component="section"
          aria-labelledby={titleId}
          variant="outlined"
          sx={{ p: { xs: 2, sm: 3 }, borderRadius: 3 }}
        >
          <Stack
            direction="row"
            spacing={1.5}
            useFlexGap
            sx={{ alignItems: 'center', flexWrap: 'wrap', mb: 1 }}
          >
            <Typography id={titleId} variant="h2" sx={{ fontSize: '1.25rem' }}>
              Proctoring review
            </Typography>
            {data.outcome && <OutcomeChip outcome={data.outcome} />}
          </Stack>
          <Typography sx={{ color: 'text.secondary' }}>
            {data.outcome
              ? MEANING[data.outcome]
              : 'No decision on this attempt yet: a proctor reviews every flag, and nothing is decided automatically.'}
          </Typography>
          {data.outcome && data.comment && (
            <Typography sx={{ mt: 1 }}>
              Proctor’s comment: <q>{data.comment}</q>
            </Typography>
          )}
          <Typography component="h3" variant="subtitle2" sx={{ fontWeight: 600, mt: 2, mb: 1 }}>
            Confirmed flags
          </Typography>
          {data.confirmed.length === 0 ? (
            <Typography variant="body2" sx={{ color: 'text.secondary' }}>
              No flags were confirmed.
            </Typography>
          ) : (
            <Box component="ul" sx={{ m: 0, p: 0, listStyle: 'none' }}>
              {data.confirmed.map((flag) => {
                const Icon = FLAG_TYPE[flag.type]?.icon;
                return (
                  <Stack
                    component="li"
                    key={`${flag.type}-${flag.occurred_at}`}
                    direction="row"
                    spacing={1}
                    sx={{ alignItems: 'center', py: 0.5 }}
                  >
                    {Icon && <Icon fontSize="small" color="error" aria-hidden />}
                    <Typography variant="body2" sx={{ fontWeight: 600 }}>
                      {flagTypeLabel(flag.type)}
                    </Typography>
                    <Typography variant="body2" sx={{ color: 'text.secondary' }}>
                      {formatTime(flag.occurred_at)}
                    </Typography>
                  </Stack>
                );
              })}
            </Box>
          )}
        </Paper>
      )}
    </>
  );
}
