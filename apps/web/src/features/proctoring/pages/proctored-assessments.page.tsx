import { ASSESSMENT_STATUSES } from '@atrium/contract';
import SearchOffOutlined from '@mui/icons-material/SearchOffOutlined';
import VideocamOutlined from '@mui/icons-material/VideocamOutlined';
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Card from '@mui/material/Card';
import MenuItem from '@mui/material/MenuItem';
import Pagination from '@mui/material/Pagination';
import Skeleton from '@mui/material/Skeleton';
import Stack from '@mui/material/Stack';
import TextField from '@mui/material/TextField';
import { useState } from 'react';
import { errorMessage } from '../../../shared/api/api-error.ts';
import { useDebouncedValue } from '../../../shared/hooks/use-debounced-value.ts';
import { isAdmin } from '../../../shared/session/roles.ts';
import { useSession } from '../../../shared/session/session-context.ts';
import { AccessNotice } from '../../../shared/ui/access-notice.tsx';
import { PageContainer, PageHeader } from '../../../shared/ui/page-header.tsx';
import { EmptyState, SectionCard } from '../../../shared/ui/section-card.tsx';
import { useProctorableAssessments } from '../api/proctoring.api.ts';
import { AssessmentRow, STATUS_WORD } from '../components/assessment-row.tsx';
import { useIsStaff } from '../components/proctor-frame.tsx';
import { FalseFlagDashboard } from '../dashboard/false-flag-dashboard.tsx';

const PAGE_SIZE = 10;

/**
 * '/assessment/proctor-view-old' (spec §2's legacy route): the assessments the user proctors,
 * each with the way to its live grid; for admins also the organisation's false-flag rates.
 */
export default function ProctoredAssessmentsPage() {
  const { user } = useSession();
  const staff = useIsStaff();
  const [search, setSearch] = useState('');
  const [status, setStatus] = useState('');
  const [page, setPage] = useState(1);
  const debounced = useDebouncedValue(search.trim());
  const { list, rows } = useProctorableAssessments(
    {
      page,
      page_size: PAGE_SIZE,
      ...(debounced ? { search: debounced } : {}),
      ...(status ? { status: ASSESSMENT_STATUSES.find((s) => s === status) } : {}),
    },
    staff,
  );

  if (!user) return null;
  if (!staff) {
    return (
      <AccessNotice title="Proctoring">
        Proctoring is for an assessment’s author, its reviewers and administrators. Your assessments
        are under My assessments.
      </AccessNotice>
    );
  }
  const pages = list.data ? Math.ceil(list.data.count / PAGE_SIZE) : 0;
  const filtered = Boolean(debounced || status);

  return (
    <PageContainer>
      <PageHeader
        title="Proctoring"
        subtitle="The assessments you proctor: yours, those you review and, for administrators, the organisation’s."
      />
      <Stack spacing={2.5}>
        <Card variant="outlined" sx={{ p: 2 }}>
          <Stack direction={{ xs: 'column', sm: 'row' }} spacing={2}>
            <TextField
              type="search"
              size="small"
              label="Search assessments"
              value={search}
              onChange={(event) => {
                setSearch(event.target.value);
                setPage(1);
              }}
              sx={{ flex: 2 }}
            />
            <TextField
              select
              size="small"
              label="Status"
              value={status}
              onChange={(event) => {
                setStatus(event.target.value);
                setPage(1);
              }}
              sx={{ flex: 1, minWidth: 160 }}
              slotProps={{ select: { displayEmpty: true }, inputLabel: { shrink: true } }}
            >
              <MenuItem value="">All statuses</MenuItem>
              {ASSESSMENT_STATUSES.map((s) => (
                <MenuItem key={s} value={s}>
                  {STATUS_WORD[s]}
                </MenuItem>
              ))}
            </TextField>
          </Stack>
        </Card>
        {list.isError && (
          <Alert
            severity="error"
            action={
              <Button color="inherit" size="small" onClick={() => void list.refetch()}>
                Retry
              </Button>
            }
          >
            {errorMessage(list.error)}
          </Alert>
        )}
        {list.isPending && (
          <Stack spacing={1.5} aria-busy="true" aria-label="Loading assessments">
            {[0, 1, 2].map((i) => (
              <Skeleton key={i} variant="rounded" height={88} />
            ))}
          </Stack>
        )}
        {list.data && rows.length === 0 && (
          <Card variant="outlined">
            {filtered ? (
              <EmptyState icon={<SearchOffOutlined sx={{ fontSize: 40 }} aria-hidden />}>
                No assessment of yours matches these filters.
              </EmptyState>
            ) : (
              <EmptyState icon={<VideocamOutlined sx={{ fontSize: 40 }} aria-hidden />}>
                {list.data.count > 0 && pages > 1
                  ? 'None of the assessments on this page is yours to proctor: try the next page.'
                  : 'You proctor no assessments yet. Turn proctoring on in an assessment’s settings, or ask to be made a reviewer of one.'}
              </EmptyState>
            )}
          </Card>
        )}
        {rows.length > 0 && (
          <Box
            component="ul"
            sx={{ m: 0, p: 0, display: 'grid', gap: 1.5 }}
            aria-label="Assessments"
          >
            {rows.map(({ assessment, settings }) => (
              <AssessmentRow key={assessment.id} assessment={assessment} settings={settings} />
            ))}
          </Box>
        )}
        {pages > 1 && (
          <Pagination
            count={pages}
            page={page}
            onChange={(_event, next) => setPage(next)}
            sx={{ alignSelf: 'center' }}
          />
        )}
        {isAdmin(user.role.id) && (
          <SectionCard
            title="False flags across the organisation"
            subtitle="Of the flags proctors decided, the share they dismissed, per signal, over every proctored assessment."
          >
            <FalseFlagDashboard />
          </SectionCard>
        )}
      </Stack>
    </PageContainer>
  );
}
