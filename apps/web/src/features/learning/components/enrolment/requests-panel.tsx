import type { TEnrolmentStatus } from '@atrium/contract';
import InboxOutlined from '@mui/icons-material/InboxOutlined';
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import LinearProgress from '@mui/material/LinearProgress';
import TablePagination from '@mui/material/TablePagination';
import ToggleButton from '@mui/material/ToggleButton';
import ToggleButtonGroup from '@mui/material/ToggleButtonGroup';
import { useState } from 'react';
import { errorMessage } from '../../../../shared/api/api-error.ts';
import { EmptyState, SectionCard } from '../../../../shared/ui/section-card.tsx';
import { COURSE_MESSAGES } from '../../../catalogue/index.ts';
import { useEnrolmentRequests } from '../../api/enrolment.api.ts';
import { PAGE_SIZES } from './enrolment-logic.ts';
import { ListLoading } from './list-loading.tsx';
import { useRequestDecisions } from './request-decisions.tsx';
import { RequestsTable } from './requests-table.tsx';

type Filter = 'requested' | 'enrolled' | 'rejected' | 'all';
const FILTERS: { value: Filter; label: string }[] = [
  { value: 'requested', label: 'Pending' },
  { value: 'enrolled', label: 'Approved' },
  { value: 'rejected', label: 'Rejected' },
  { value: 'all', label: 'All' },
];

const TEXT = {
  mine: {
    title: 'My requests',
    subtitle: 'Courses you asked to join. Withdraw a request while it is pending.',
    empty: 'No requests here. Request a course from Find courses.',
  },
  to_decide: {
    title: 'To approve',
    subtitle: 'Requests to join the courses you manage.',
    empty: 'Nothing to decide here.',
  },
} as const;

/** One list of enrolment requests (the caller's, or those they decide), filtered and paged. */
export function RequestsPanel({ scope }: { scope: 'mine' | 'to_decide' }) {
  const [filter, setFilter] = useState<Filter>(scope === 'mine' ? 'all' : 'requested');
  const [page, setPage] = useState(0);
  const [pageSize, setPageSize] = useState<number>(PAGE_SIZES[0]);
  const list = useEnrolmentRequests({
    scope,
    status: filter === 'all' ? undefined : (filter as TEnrolmentStatus),
    page: page + 1,
    page_size: pageSize,
  });
  const { onAction, busyId, dialogs } = useRequestDecisions();
  const text = TEXT[scope];
  const pending = list.data?.pending_count;

  return (
    <SectionCard
      title={pending ? `${text.title} (${pending} pending)` : text.title}
      subtitle={text.subtitle}
      busy={list.isPending}
    >
      <Box sx={{ overflowX: 'auto', mb: 1 }}>
        <ToggleButtonGroup
          exclusive
          size="small"
          value={filter}
          aria-label={`${text.title}: status`}
          onChange={(_event, next: Filter | null) => {
            if (!next) return;
            setFilter(next);
            setPage(0);
          }}
        >
          {FILTERS.map((f) => (
            <ToggleButton key={f.value} value={f.value}>
              {f.label}
            </ToggleButton>
          ))}
        </ToggleButtonGroup>
      </Box>
      <LinearProgress
        aria-label="Loading requests"
        sx={{ visibility: list.isFetching && list.data ? 'visible' : 'hidden' }}
      />
      {list.isError ? (
        <Alert severity="error">{errorMessage(list.error, COURSE_MESSAGES.listFailed)}</Alert>
      ) : !list.data ? (
        <ListLoading label="Loading requests" />
      ) : list.data.results.length === 0 ? (
        <EmptyState icon={<InboxOutlined />}>{text.empty}</EmptyState>
      ) : (
        <RequestsTable
          rows={list.data.results}
          view={scope === 'mine' ? 'mine' : 'decide'}
          busyId={busyId}
          onAction={onAction}
        />
      )}
      <TablePagination
        component="div"
        count={list.data?.count ?? 0}
        page={list.data ? page : 0}
        onPageChange={(_event, next) => setPage(next)}
        rowsPerPage={pageSize}
        rowsPerPageOptions={[...PAGE_SIZES]}
        onRowsPerPageChange={(event) => {
          setPageSize(Number(event.target.value));
          setPage(0);
        }}
        labelRowsPerPage="Per page"
      />
      {dialogs}
    </SectionCard>
  );
}
