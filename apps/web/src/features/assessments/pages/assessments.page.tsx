import { ASSESSMENT_STATUSES, ROLE, type TAssessmentSummary } from '@atrium/contract';
import AddOutlined from '@mui/icons-material/AddOutlined';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Card from '@mui/material/Card';
import MenuItem from '@mui/material/MenuItem';
import Stack from '@mui/material/Stack';
import TextField from '@mui/material/TextField';
import { useMemo, useRef, useState } from 'react';
import { Navigate, Link as RouterLink, useNavigate } from 'react-router';
import { errorMessage } from '../../../shared/api/api-error.ts';
import { useDebouncedValue } from '../../../shared/hooks/use-debounced-value.ts';
import { useSession } from '../../../shared/session/session-context.ts';
import { ConfirmDialog } from '../../../shared/ui/confirm-dialog.tsx';
import { PageContainer, PageHeader } from '../../../shared/ui/page-header.tsx';
import { useAssessments, useCopyAssessment, useDeleteAssessment } from '../api/assessments.api.ts';
import { AssessmentTable, type RowAction } from '../authoring/assessment-table.tsx';
import { BulkBar } from '../authoring/bulk-bar.tsx';
import { CoursePicker, type CourseRef } from '../authoring/course-picker.tsx';
import { CreateAssessmentDialog } from '../authoring/create-assessment-dialog.tsx';
import { editorUrl, STATUS_LABEL } from '../authoring/labels.ts';

const PAGE_SIZE = 20;
type Filters = { type: '' | 'standalone' | 'course'; status: string; course: CourseRef | null };

/** '/assessment': the organisation's assessments for admins and trainers. */
export default function AssessmentsPage() {
  const { user } = useSession();
  const staff = (user?.role.id ?? ROLE.LEARNER) <= ROLE.TRAINER;
  const [filters, setFilters] = useState<Filters>({ type: '', status: '', course: null });
  const [search, setSearch] = useState('');
  const [page, setPage] = useState(1);
  const [selected, setSelected] = useState<Set<number>>(new Set());
  const [creating, setCreating] = useState(false);
  const [deleting, setDeleting] = useState<TAssessmentSummary | null>(null);
  const debounced = useDebouncedValue(search.trim());
  const list = useAssessments(
    {
      page,
      page_size: PAGE_SIZE,
      search: debounced || undefined,
      type: filters.type || undefined,
      status: (filters.status || undefined) as TAssessmentSummary['status'] | undefined,
      courses: filters.course ? String(filters.course.id) : undefined,
    },
    staff,
  );
  const remove = useDeleteAssessment();
  const copy = useCopyAssessment();
  const navigate = useNavigate();
  // Titles of rows seen, so bulk failures on other pages are still named.
  const titles = useRef(new Map<number, string>());
  for (const row of list.data?.results ?? []) titles.current.set(row.id, row.title);
  const selectedIds = useMemo(() => [...selected], [selected]);

  if (!user) return null;
  // The side menu's Assessment entry leads learners to their own assessments.
  if (!staff) return <Navigate to="/assessment/start" replace />;

  const change = (next: Partial<Filters>) => {
    setFilters((old) => ({ ...old, ...next }));
    setPage(1);
  };
  const select = (ids: number[], on: boolean) =>
    setSelected((old) => {
      const next = new Set(old);
      for (const id of ids) {
        if (on) next.add(id);
        else next.delete(id);
      }
      return next;
    });
  const onAction = (a: TAssessmentSummary, action: RowAction) => {
    if (action === 'delete') {
      remove.reset();
      setDeleting(a);
    } else {
      copy.mutate(a.id, { onSuccess: (detail) => void navigate(editorUrl(detail.id)) });
    }
  };
  const filtered = Boolean(debounced || filters.type || filters.status || filters.course);

  return (
    <PageContainer>
      <PageHeader
        title="Assessments"
        subtitle="Quizzes and exams: write them from the question bank, assign them, follow results."
        actions={
          <>
            <Button component={RouterLink} to="/assessment/question-bank" variant="outlined">
              Question bank
            </Button>
            <Button component={RouterLink} to="/assessment/review" variant="outlined">
              Grading queue
            </Button>
            <Button
              variant="contained"
              startIcon={<AddOutlined />}
              onClick={() => setCreating(true)}
            >
              New assessment
            </Button>
          </>
        }
      />
      <Card sx={{ p: 2, mb: 2.5 }}>
        <Stack direction={{ xs: 'column', md: 'row' }} spacing={2}>
          <TextField
            label="Search titles"
            type="search"
            size="small"
            value={search}
            onChange={(event) => {
              setSearch(event.target.value);
              setPage(1);
            }}
            sx={{ flex: 2 }}
          />
          <TextField
            select
            label="Type"
            size="small"
            value={filters.type}
            onChange={(event) => change({ type: event.target.value as Filters['type'] })}
            sx={{ flex: 1, minWidth: 140 }}
          >
            <MenuItem value="">All types</MenuItem>
            <MenuItem value="standalone">Standalone</MenuItem>
            <MenuItem value="course">In a course</MenuItem>
          </TextField>
          <TextField
            select
            label="Status"
            size="small"
            value={filters.status}
            onChange={(event) => change({ status: event.target.value })}
            sx={{ flex: 1, minWidth: 140 }}
          >
            <MenuItem value="">All statuses</MenuItem>
            {ASSESSMENT_STATUSES.map((s) => (
              <MenuItem key={s} value={s}>
                {STATUS_LABEL[s]}
              </MenuItem>
            ))}
          </TextField>
          <Box sx={{ flex: 2, minWidth: 200 }}>
            <CoursePicker
              size="small"
              value={filters.course}
              onChange={(course) => change({ course })}
            />
          </Box>
        </Stack>
      </Card>
      <BulkBar
        selected={selectedIds}
        titles={titles.current}
        onDone={(done) => select(done, false)}
        onClear={() => setSelected(new Set())}
      />
      <AssessmentTable
        list={list}
        page={page}
        pageSize={PAGE_SIZE}
        onPage={setPage}
        selected={selected}
        onSelect={select}
        onAction={onAction}
        empty={
          filtered
            ? 'No assessments match these filters.'
            : 'No assessments yet. Create the first one.'
        }
      />
      <CreateAssessmentDialog open={creating} onClose={() => setCreating(false)} />
      <ConfirmDialog
        open={deleting !== null}
        title="Delete assessment?"
        confirmLabel="Delete"
        destructive
        busy={remove.isPending}
        onClose={() => setDeleting(null)}
        onConfirm={() =>
          deleting &&
          remove.mutate(deleting.id, {
            onSuccess: () => {
              select([deleting.id], false);
              setDeleting(null);
            },
          })
        }
      >
        {remove.isError ? (
          <Box component="span" role="alert" sx={{ color: 'error.main' }}>
            {errorMessage(remove.error)}
          </Box>
        ) : (
          `“${deleting?.title ?? ''}” is deleted with its pages and settings. An assessment with attempts must be archived instead.`
        )}
      </ConfirmDialog>
    </PageContainer>
  );
}
