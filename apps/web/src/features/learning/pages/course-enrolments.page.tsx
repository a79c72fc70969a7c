import type { TEnrolment, TEnrolmentStatus } from '@atrium/contract';
import { ENROLMENT_STATUSES } from '@atrium/contract';
import ArrowBack from '@mui/icons-material/ArrowBack';
import GroupAddOutlined from '@mui/icons-material/GroupAddOutlined';
import PeopleOutlined from '@mui/icons-material/PeopleOutlined';
import PersonRemoveOutlined from '@mui/icons-material/PersonRemoveOutlined';
import SearchOutlined from '@mui/icons-material/SearchOutlined';
import Alert from '@mui/material/Alert';
import Button from '@mui/material/Button';
import Card from '@mui/material/Card';
import InputAdornment from '@mui/material/InputAdornment';
import LinearProgress from '@mui/material/LinearProgress';
import MenuItem from '@mui/material/MenuItem';
import Stack from '@mui/material/Stack';
import TablePagination from '@mui/material/TablePagination';
import TextField from '@mui/material/TextField';
import Typography from '@mui/material/Typography';
import { useState } from 'react';
import { Link as RouterLink, useParams } from 'react-router';
import { errorMessage } from '../../../shared/api/api-error.ts';
import { useDebouncedValue } from '../../../shared/hooks/use-debounced-value.ts';
import { notifySuccess } from '../../../shared/notify/notify.ts';
import { ConfirmDialog } from '../../../shared/ui/confirm-dialog.tsx';
import { PageContainer, PageHeader } from '../../../shared/ui/page-header.tsx';
import { EmptyState } from '../../../shared/ui/section-card.tsx';
import { COURSE_MESSAGES, useCourseDetail } from '../../catalogue/index.ts';
import { ScormReport } from '../../content-player/index.ts';
import {
  useCourseEnrolments,
  useUnassignLearners,
  useUpdateEnrolment,
} from '../api/enrolment.api.ts';
import { AssignLearnersDialog } from '../components/enrolment/assign-learners-dialog.tsx';
import { DueDateDialog } from '../components/enrolment/due-date-dialog.tsx';
import {
  ENROLMENT_STATUS,
  PAGE_SIZES,
  unassignSummary,
} from '../components/enrolment/enrolment-logic.ts';
import { EnrolmentsTable, type RowAction } from '../components/enrolment/enrolments-table.tsx';
import { ListLoading } from '../components/enrolment/list-loading.tsx';
import { PendingRequestsSection } from '../components/enrolment/pending-requests-section.tsx';

type Unassigning = { ids: number[]; names: string[] };

/** '/all_assigned_courses_list/:id' (staff): a course's learners, assignment and requests. */
export default function CourseEnrolmentsPage() {
  const courseId = Number(useParams().id);
  const course = useCourseDetail(courseId);
  const [search, setSearch] = useState('');
  const debounced = useDebouncedValue(search);
  const [status, setStatus] = useState<'' | TEnrolmentStatus>('');
  const [page, setPage] = useState(0);
  const [pageSize, setPageSize] = useState<number>(PAGE_SIZES[0]);
  const [selected, setSelected] = useState<number[]>([]);
  const [assigning, setAssigning] = useState(false);
  const [unassigning, setUnassigning] = useState<Unassigning | null>(null);
  const [dueFor, setDueFor] = useState<TEnrolment | null>(null);

  const list = useCourseEnrolments(courseId, {
    search: debounced.trim() || undefined,
    status: status || undefined,
    page: page + 1,
    page_size: pageSize,
  });
  const unassign = useUnassignLearners(courseId);
  const update = useUpdateEnrolment();
  const rows = list.data?.results;
  const title = course.data?.course.title;

  const onAction = (row: TEnrolment, action: RowAction) => {
    if (action.kind === 'unassign')
      setUnassigning({ ids: [row.user.id], names: [row.user.fullname] });
    else if (action.kind === 'due') setDueFor(row);
    else update.mutate({ id: row.id, change: { status: action.to } });
  };
  const confirmUnassign = () => {
    if (!unassigning) return;
    unassign.mutate(unassigning.ids, {
      onSuccess: (result) => {
        notifySuccess(unassignSummary(result));
        setSelected((current) => current.filter((id) => !unassigning.ids.includes(id)));
        setUnassigning(null);
      },
    });
  };

  // Packages report per SCO: shown when the course uses at least one.
  const hasScorm = course.data?.modules.some((m) => m.files.some((f) => f.kind === 'scorm'));

  return (
    <PageContainer>
      <PageHeader
        title={title ? `Learners of ${title}` : 'Course learners'}
        subtitle="Assign learners, follow their progress and decide on requests."
        actions={
          <>
            <Button
              component={RouterLink}
              to={`/courses/course-detail/${courseId}`}
              startIcon={<ArrowBack />}
              variant="outlined"
            >
              Course
            </Button>
            <Button
              variant="contained"
              startIcon={<GroupAddOutlined />}
              onClick={() => setAssigning(true)}
              disabled={!course.data}
            >
              Assign learners
            </Button>
          </>
        }
      />
      {course.data && course.data.course.status !== 'published' && (
        <Alert severity="info" sx={{ mb: 2 }}>
          This course is not published: learners can be assigned once it is.
        </Alert>
      )}
      <Stack spacing={3}>
        <PendingRequestsSection courseId={courseId} />
        <Card component="section" aria-label="Learners">
          <Stack
            direction={{ xs: 'column', sm: 'row' }}
            spacing={1.5}
            sx={{ p: 2, alignItems: { sm: 'center' } }}
          >
            <TextField
              size="small"
              type="search"
              label="Search learners"
              value={search}
              onChange={(event) => {
                setSearch(event.target.value);
                setPage(0);
              }}
              sx={{ flex: 1, maxWidth: { sm: 320 } }}
              slotProps={{
                input: {
                  startAdornment: (
                    <InputAdornment position="start">
                      <SearchOutlined fontSize="small" />
                    </InputAdornment>
                  ),
                },
              }}
            />
            <TextField
              select
              size="small"
              label="Status"
              value={status}
              onChange={(event) => {
                setStatus(event.target.value as '' | TEnrolmentStatus);
                setPage(0);
              }}
              sx={{ minWidth: 160 }}
              // Shows "Any status" for the empty value instead of an empty box under the label.
              slotProps={{ select: { displayEmpty: true }, inputLabel: { shrink: true } }}
            >
              <MenuItem value="">Any status</MenuItem>
              {ENROLMENT_STATUSES.map((s) => (
                <MenuItem key={s} value={s}>
                  {ENROLMENT_STATUS[s].label}
                </MenuItem>
              ))}
            </TextField>
            {selected.length > 0 && (
              <Stack direction="row" spacing={1} sx={{ alignItems: 'center', ml: { sm: 'auto' } }}>
                <Typography variant="body2" role="status">
                  {selected.length} selected
                </Typography>
                <Button
                  color="error"
                  variant="outlined"
                  startIcon={<PersonRemoveOutlined />}
                  onClick={() =>
                    setUnassigning({
                      ids: selected,
                      names: (rows ?? [])
                        .filter((r) => selected.includes(r.user.id))
                        .map((r) => r.user.fullname),
                    })
                  }
                >
                  Unassign
                </Button>
              </Stack>
            )}
          </Stack>
          <LinearProgress
            aria-label="Loading learners"
            sx={{ visibility: list.isFetching && rows ? 'visible' : 'hidden' }}
          />
          {list.isError ? (
            <Alert severity="error" sx={{ m: 2 }}>
              {errorMessage(list.error, COURSE_MESSAGES.listFailed)}
            </Alert>
          ) : !rows ? (
            <ListLoading label="Loading learners" />
          ) : rows.length === 0 ? (
            <EmptyState icon={<PeopleOutlined />}>
              {debounced || status
                ? 'No learners match these filters.'
                : 'No learners yet. Assign some, or approve their requests.'}
            </EmptyState>
          ) : (
            <EnrolmentsTable
              rows={rows}
              selected={selected}
              onSelect={setSelected}
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
        </Card>
        {hasScorm && (
          <Card component="section" aria-labelledby="scorm-tracking-title" sx={{ p: 2 }}>
            <Typography id="scorm-tracking-title" variant="h6" component="h2" sx={{ mb: 1 }}>
              SCORM tracking
            </Typography>
            <ScormReport courseId={courseId} />
          </Card>
        )}
      </Stack>
      {course.data && (
        <AssignLearnersDialog
          open={assigning}
          onClose={() => setAssigning(false)}
          courseId={courseId}
          organisationId={course.data.course.organization}
        />
      )}
      {dueFor && <DueDateDialog enrolment={dueFor} onClose={() => setDueFor(null)} />}
      <ConfirmDialog
        open={unassigning !== null}
        title={
          unassigning && unassigning.ids.length > 1
            ? `Unassign ${unassigning.ids.length} learners?`
            : 'Unassign learner?'
        }
        confirmLabel="Unassign"
        destructive
        busy={unassign.isPending}
        onClose={() => setUnassigning(null)}
        onConfirm={confirmUnassign}
      >
        {unassigning?.ids.length === 1
          ? `${unassigning.names[0] ?? 'This learner'} loses access to the course and their progress in it.`
          : 'The selected learners lose access to the course and their progress in it.'}{' '}
        Completed enrolments are kept as history.
      </ConfirmDialog>
    </PageContainer>
  );
}
