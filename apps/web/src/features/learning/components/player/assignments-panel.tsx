import AssignmentOutlined from '@mui/icons-material/AssignmentOutlined';
import Alert from '@mui/material/Alert';
import Button from '@mui/material/Button';
import Pagination from '@mui/material/Pagination';
import Skeleton from '@mui/material/Skeleton';
import Stack from '@mui/material/Stack';
import { useState } from 'react';
import { errorMessage } from '../../../../shared/api/api-error.ts';
import { EmptyState } from '../../../../shared/ui/section-card.tsx';
import { COURSE_MESSAGES } from '../../../catalogue/index.ts';
import { useCourseAssignments } from '../../api/learning.api.ts';
import { AssignmentCard } from './assignment-card.tsx';

export const LIST_PAGE_SIZE = 10;

/** Pages of a list with a count; hidden when everything fits on one. */
export function ListPager({
  count,
  page,
  onPage,
  label,
}: {
  count: number;
  page: number;
  onPage: (page: number) => void;
  label: string;
}) {
  const pages = Math.ceil(count / LIST_PAGE_SIZE);
  if (pages <= 1) return null;
  return (
    <Pagination
      count={pages}
      page={page}
      onChange={(_event, next) => onPage(next)}
      aria-label={label}
      sx={{ alignSelf: 'center' }}
    />
  );
}

/** The course's assignments; enrolled learners hand in work here. */
export function AssignmentsPanel({
  courseId,
  canSubmit,
}: {
  courseId: number;
  canSubmit: boolean;
}) {
  const [page, setPage] = useState(1);
  const list = useCourseAssignments(courseId, page);

  if (list.isPending) {
    return (
      <Stack spacing={1.5} aria-busy>
        <Skeleton variant="rounded" height={96} />
        <Skeleton variant="rounded" height={96} />
      </Stack>
    );
  }
  if (list.isError) {
    return (
      <Alert
        severity="error"
        action={
          <Button color="inherit" size="small" onClick={() => void list.refetch()}>
            Try again
          </Button>
        }
      >
        {errorMessage(list.error, COURSE_MESSAGES.moduleFailed)}
      </Alert>
    );
  }
  if (list.data.count === 0) {
    return (
      <EmptyState icon={<AssignmentOutlined sx={{ fontSize: 40 }} aria-hidden />}>
        This course has no assignments.
      </EmptyState>
    );
  }
  return (
    <Stack spacing={2}>
      {list.data.results.map((assignment) => (
        <AssignmentCard
          key={assignment.id}
          assignment={assignment}
          courseId={courseId}
          canSubmit={canSubmit}
        />
      ))}
      <ListPager count={list.data.count} page={page} onPage={setPage} label="Assignment pages" />
    </Stack>
  );
}
