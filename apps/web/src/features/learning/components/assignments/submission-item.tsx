import type { TAssignment, TSubmission } from '@atrium/contract';
import AttachFileOutlined from '@mui/icons-material/AttachFileOutlined';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Chip from '@mui/material/Chip';
import Link from '@mui/material/Link';
import Paper from '@mui/material/Paper';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import { useId, useState } from 'react';
import { useDownloadSubmission } from '../../api/assignments.api.ts';
import { excerpt, type SubmissionState, submissionState } from './assignment-form.ts';
import { GradeForm } from './grade-form.tsx';

const EXCERPT_LENGTH = 240;
const dateTime = (iso: string) =>
  new Date(iso).toLocaleString(undefined, { dateStyle: 'medium', timeStyle: 'short' });

const STATE_CHIP: Record<
  SubmissionState,
  { label: string; color: 'success' | 'warning' | 'default' }
> = {
  graded: { label: 'Graded', color: 'success' },
  late: { label: 'Late · awaiting grade', color: 'warning' },
  awaiting: { label: 'Awaiting grade', color: 'default' },
};

/** One learner's submission: the answer (shortened until expanded), the file, the grade. */
export function SubmissionItem({
  courseId,
  assignment,
  submission,
}: {
  courseId: number;
  assignment: TAssignment;
  submission: TSubmission;
}) {
  const [grading, setGrading] = useState(false);
  const download = useDownloadSubmission();
  const [expanded, setExpanded] = useState(false);
  const textId = useId();
  const state = submissionState(submission, assignment.due_at);
  const chip = STATE_CHIP[state];
  const text = submission.text ?? '';
  const long = excerpt(text, EXCERPT_LENGTH) !== text.replace(/\s+/g, ' ').trim();
  const graded = submission.graded_at !== null;

  return (
    <Paper variant="outlined" component="li" sx={{ p: 2, listStyle: 'none' }}>
      <Stack
        direction={{ xs: 'column', sm: 'row' }}
        spacing={{ xs: 0.5, sm: 1 }}
        sx={{ alignItems: { sm: 'center' } }}
      >
        <Stack sx={{ flex: 1, minWidth: 0 }}>
          <Typography variant="subtitle1" component="h3" sx={{ overflowWrap: 'anywhere' }}>
            {submission.user.fullname}
          </Typography>
          <Typography variant="caption" sx={{ color: 'text.secondary' }}>
            Submitted {dateTime(submission.submitted_at)}
          </Typography>
        </Stack>
        <Box>
          <Chip
            size="small"
            color={chip.color}
            label={graded ? `${submission.score ?? 0} / ${assignment.max_score}` : chip.label}
            aria-label={
              graded
                ? `Graded: ${submission.score ?? 0} out of ${assignment.max_score}`
                : chip.label
            }
          />
        </Box>
      </Stack>

      {text ? (
        <Box sx={{ mt: 1.5 }}>
          <Typography
            id={textId}
            variant="body2"
            sx={{ whiteSpace: expanded ? 'pre-wrap' : 'normal', overflowWrap: 'anywhere' }}
          >
            {expanded ? text : excerpt(text, EXCERPT_LENGTH)}
          </Typography>
          {long && (
            <Link
              component="button"
              type="button"
              variant="body2"
              aria-expanded={expanded}
              aria-controls={textId}
              onClick={() => setExpanded((value) => !value)}
              sx={{ mt: 0.5 }}
            >
              {expanded ? 'Show less' : 'Show the whole answer'}
            </Link>
          )}
        </Box>
      ) : (
        !submission.file_url && (
          <Typography variant="body2" sx={{ mt: 1.5, color: 'text.secondary' }}>
            No written answer.
          </Typography>
        )
      )}

      {submission.file_url && (
        <Button
          size="small"
          onClick={() =>
            download.mutate({
              submission: submission.id,
              name: submission.file_name ?? 'submission',
            })
          }
          loading={download.isPending}
          loadingPosition="start"
          startIcon={<AttachFileOutlined />}
          sx={{ mt: 1, maxWidth: '100%', textTransform: 'none', justifyContent: 'flex-start' }}
          aria-label={`Download ${submission.file_name ?? 'the file'} from ${submission.user.fullname}`}
        >
          <Box component="span" sx={{ overflow: 'hidden', textOverflow: 'ellipsis' }}>
            {submission.file_name ?? 'Download the file'}
          </Box>
        </Button>
      )}

      {graded && !grading && submission.feedback && (
        <Box sx={{ mt: 1.5, p: 1.5, borderRadius: 1, bgcolor: 'action.hover' }}>
          <Typography variant="subtitle2">Feedback</Typography>
          <Typography variant="body2" sx={{ whiteSpace: 'pre-wrap', overflowWrap: 'anywhere' }}>
            {submission.feedback}
          </Typography>
        </Box>
      )}

      {grading ? (
        <GradeForm
          courseId={courseId}
          assignmentId={assignment.id}
          maxScore={assignment.max_score}
          submission={submission}
          onDone={() => setGrading(false)}
        />
      ) : (
        <Stack direction="row" sx={{ justifyContent: 'flex-end', mt: 1 }}>
          <Button
            size="small"
            variant={graded ? 'text' : 'contained'}
            onClick={() => setGrading(true)}
            aria-label={`${graded ? 'Change the grade of' : 'Grade'} ${submission.user.fullname}`}
          >
            {graded ? 'Change grade' : 'Grade'}
          </Button>
        </Stack>
      )}
    </Paper>
  );
}
