import InboxOutlined from '@mui/icons-material/InboxOutlined';
import Alert from '@mui/material/Alert';
import TablePagination from '@mui/material/TablePagination';
import { useState } from 'react';
import { errorMessage } from '../../../../shared/api/api-error.ts';
import { EmptyState, SectionCard } from '../../../../shared/ui/section-card.tsx';
import { COURSE_MESSAGES } from '../../../catalogue/index.ts';
import { useCourseEnrolments } from '../../api/enrolment.api.ts';
import { ListLoading } from './list-loading.tsx';
import { useRequestDecisions } from './request-decisions.tsx';
import { RequestsTable } from './requests-table.tsx';

/** The course's pending enrolment requests, to approve or reject. */
export function PendingRequestsSection({ courseId }: { courseId: number }) {
  const [page, setPage] = useState(0);
  const pageSize = 5;
  const list = useCourseEnrolments(courseId, {
    status: 'requested',
    page: page + 1,
    page_size: pageSize,
  });
  const { onAction, busyId, dialogs } = useRequestDecisions();
  const count = list.data?.count ?? 0;
  return (
    <SectionCard
      title={`Pending requests${list.data ? ` (${count})` : ''}`}
      subtitle="Learners who asked to join this course."
      busy={list.isPending}
    >
      {list.isError ? (
        <Alert severity="error">{errorMessage(list.error, COURSE_MESSAGES.listFailed)}</Alert>
      ) : !list.data ? (
        <ListLoading label="Loading requests" />
      ) : list.data.results.length === 0 ? (
        <EmptyState icon={<InboxOutlined />}>No pending requests.</EmptyState>
      ) : (
        <>
          <RequestsTable
            rows={list.data.results}
            view="decide"
            showCourse={false}
            busyId={busyId}
            onAction={onAction}
          />
          {count > pageSize && (
            <TablePagination
              component="div"
              count={count}
              page={page}
              onPageChange={(_event, next) => setPage(next)}
              rowsPerPage={pageSize}
              rowsPerPageOptions={[pageSize]}
            />
          )}
        </>
      )}
      {dialogs}
    </SectionCard>
  );
}
