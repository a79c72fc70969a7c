import type { TAssignment } from '@atrium/contract';
import AssignmentTurnedInOutlined from '@mui/icons-material/AssignmentTurnedInOutlined';
import CloseOutlined from '@mui/icons-material/CloseOutlined';
import Alert from '@mui/material/Alert';
import Button from '@mui/material/Button';
import Dialog from '@mui/material/Dialog';
import DialogContent from '@mui/material/DialogContent';
import DialogTitle from '@mui/material/DialogTitle';
import IconButton from '@mui/material/IconButton';
import LinearProgress from '@mui/material/LinearProgress';
import Skeleton from '@mui/material/Skeleton';
import Stack from '@mui/material/Stack';
import { useTheme } from '@mui/material/styles';
import TablePagination from '@mui/material/TablePagination';
import Typography from '@mui/material/Typography';
import useMediaQuery from '@mui/material/useMediaQuery';
import { useEffect, useId, useState } from 'react';
import { errorMessage } from '../../../../shared/api/api-error.ts';
import { pageCountProps } from '../../../../shared/ui/page-count.ts';
import { EmptyState } from '../../../../shared/ui/section-card.tsx';
import { COURSE_MESSAGES } from '../../../catalogue/index.ts';
import { SUBMISSIONS_PAGE_SIZE, useAssignmentSubmissions } from '../../api/assignments.api.ts';
import { SubmissionItem } from './submission-item.tsx';

const dueText = (a: TAssignment) =>
  a.due_at
    ? `Due ${new Date(a.due_at).toLocaleString(undefined, { dateStyle: 'medium', timeStyle: 'short' })}`
    : 'No due date';

/** An assignment's submissions, newest first, a page at a time, each gradable in place. */
export function SubmissionsDialog({
  courseId,
  assignment,
  onClose,
}: {
  courseId: number;
  /** null: closed. */
  assignment: TAssignment | null;
  onClose: () => void;
}) {
  const titleId = useId();
  const phone = useMediaQuery(useTheme().breakpoints.down('sm'));
  const assignmentId = assignment?.id ?? null;
  // Each assignment opens on its first page: the page belongs to the assignment it was set for.
  const [paging, setPaging] = useState({ id: assignmentId, page: 0 });
  const page = paging.id === assignmentId ? paging.page : 0;
  const setPage = (next: number) => setPaging({ id: assignmentId, page: next });
  const list = useAssignmentSubmissions(courseId, assignmentId, page + 1);
  // Stays set while the dialog closes, so its content does not vanish mid-animation.
  const [shown, setShown] = useState(assignment);
  useEffect(() => {
    if (assignment) setShown(assignment);
  }, [assignment]);
  const rows = list.data?.results ?? [];

  return (
    <Dialog
      open={assignment !== null}
      onClose={onClose}
      aria-labelledby={titleId}
      fullScreen={phone}
      maxWidth="md"
      fullWidth
    >
      <DialogTitle id={titleId} sx={{ pr: 7 }}>
        Submissions: {shown?.title}
        {shown && (
          <Typography
            variant="body2"
            component="span"
            sx={{ display: 'block', color: 'text.secondary' }}
          >
            {dueText(shown)} · Out of {shown.max_score}
          </Typography>
        )}
      </DialogTitle>
      <IconButton
        aria-label="Close"
        onClick={onClose}
        sx={{ position: 'absolute', right: 12, top: 12 }}
      >
        <CloseOutlined />
      </IconButton>
      {list.isFetching && !list.isPending && (
        <LinearProgress aria-label="Refreshing submissions" sx={{ height: 2 }} />
      )}
      <DialogContent dividers aria-busy={list.isPending}>
        {list.isPending ? (
          <Stack spacing={2} aria-label="Loading submissions">
            {[0, 1, 2].map((i) => (
              <Skeleton key={i} variant="rounded" height={112} />
            ))}
          </Stack>
        ) : list.isError ? (
          <Alert
            severity="error"
            action={
              <Button color="inherit" size="small" onClick={() => list.refetch()}>
                Retry
              </Button>
            }
          >
            {errorMessage(list.error, COURSE_MESSAGES.moduleFailed)}
          </Alert>
        ) : rows.length === 0 ? (
          <EmptyState icon={<AssignmentTurnedInOutlined sx={{ fontSize: 40 }} aria-hidden />}>
            No submissions yet. Learners hand in their work from the course's Assignments tab.
          </EmptyState>
        ) : (
          <Stack component="ul" spacing={2} sx={{ m: 0, p: 0 }} aria-label="Submissions">
            {shown &&
              rows.map((submission) => (
                <SubmissionItem
                  key={submission.id}
                  courseId={courseId}
                  assignment={shown}
                  submission={submission}
                />
              ))}
          </Stack>
        )}
      </DialogContent>
      {(list.data?.count ?? 0) > SUBMISSIONS_PAGE_SIZE && (
        <TablePagination
          component="div"
          page={page}
          onPageChange={(_, next) => setPage(next)}
          rowsPerPage={SUBMISSIONS_PAGE_SIZE}
          rowsPerPageOptions={[]}
          {...pageCountProps(list.data)}
        />
      )}
    </Dialog>
  );
}
