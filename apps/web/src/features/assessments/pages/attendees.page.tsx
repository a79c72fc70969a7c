import { ATTENDEE_STATUSES, ROLE } from '@atrium/contract';
import ArrowBackOutlined from '@mui/icons-material/ArrowBackOutlined';
import DownloadOutlined from '@mui/icons-material/DownloadOutlined';
import RestartAltOutlined from '@mui/icons-material/RestartAltOutlined';
import Alert from '@mui/material/Alert';
import Button from '@mui/material/Button';
import Card from '@mui/material/Card';
import MenuItem from '@mui/material/MenuItem';
import Skeleton from '@mui/material/Skeleton';
import Stack from '@mui/material/Stack';
import TextField from '@mui/material/TextField';
import { lazy, Suspense, useState } from 'react';
import { Link as RouterLink, useParams } from 'react-router';
import { ApiError, errorMessage } from '../../../shared/api/api-error.ts';
import { useDebouncedValue } from '../../../shared/hooks/use-debounced-value.ts';
import { useSession } from '../../../shared/session/session-context.ts';
import { AccessNotice } from '../../../shared/ui/access-notice.tsx';
import { ConfirmDialog } from '../../../shared/ui/confirm-dialog.tsx';
import { PageContainer, PageHeader } from '../../../shared/ui/page-header.tsx';
import { SectionCard } from '../../../shared/ui/section-card.tsx';
import { ProctorButton } from '../../proctoring/index.ts';
import { useAssessment } from '../api/assessments.api.ts';
import {
  type ReportDates,
  useAttendees,
  useExportReport,
  useRegrade,
  useReportDetail,
} from '../api/reports.api.ts';
import { editorUrl, plural } from '../authoring/labels.ts';
import { AttendeesTable } from '../reports/attendees-table.tsx';
import { DateFilter } from '../reports/date-filter.tsx';
import { ItemAnalysisTable } from '../reports/item-analysis-table.tsx';
import { ATTENDEE_STATUS_LABEL } from '../reports/report-labels.ts';
import { SummaryCards } from '../reports/summary-cards.tsx';

// Its own chunk: the chart library is large and only this report needs it here.
const ScoreCharts = lazy(() => import('../reports/score-charts.tsx'));
const PAGE_SIZE = 20;

/** '/assessment/attendees-list/:id': who took it, how they did, and how each question worked. */
export default function AttendeesPage() {
  const { user } = useSession();
  const id = Number(useParams().id);
  const staff = (user?.role.id ?? ROLE.LEARNER) <= ROLE.TRAINER;
  const valid = staff && Number.isInteger(id) && id > 0;
  const [dates, setDates] = useState<ReportDates>({ date_filter: 'all' });
  const [search, setSearch] = useState('');
  const [status, setStatus] = useState('');
  const [page, setPage] = useState(1);
  const [regrading, setRegrading] = useState(false);
  const [regraded, setRegraded] = useState<string | null>(null);
  const debounced = useDebouncedValue(search.trim());
  // A custom range is sent once both ends are there; until then the report keeps the last one.
  const sentDates: ReportDates =
    dates.date_filter === 'custom' && !(dates.date_from && dates.date_to)
      ? { date_filter: 'all' }
      : dates;
  const attendees = useAttendees(valid ? id : 0, {
    ...sentDates,
    search: debounced || undefined,
    status: ATTENDEE_STATUSES.find((s) => s === status),
    page,
    page_size: PAGE_SIZE,
  });
  const report = useReportDetail(valid ? id : 0, sentDates);
  const assessment = useAssessment(valid ? id : 0);
  const exporter = useExportReport(id);
  const regrade = useRegrade(id);

  if (!user) return null;
  if (!staff) {
    return (
      <AccessNotice title="Attendees">
        Attendees and reports are for trainers and administrators. Your results are under My
        assessments.
      </AccessNotice>
    );
  }
  const back = (
    <Button
      component={RouterLink}
      to="/assessment"
      startIcon={<ArrowBackOutlined />}
      size="small"
      sx={{ mb: 1 }}
    >
      Assessments
    </Button>
  );
  if (report.isError && !report.data) {
    const missing = report.error instanceof ApiError && report.error.status === 404;
    return (
      <PageContainer>
        {back}
        <Alert severity={missing ? 'info' : 'error'}>
          {missing
            ? 'This assessment does not exist, or its report is not yours to see.'
            : errorMessage(report.error)}
        </Alert>
      </PageContainer>
    );
  }
  const canEdit = assessment.data?.abilities.edit === true;
  const filtered = Boolean(debounced || status || sentDates.date_filter !== 'all');

  return (
    <PageContainer>
      {back}
      <PageHeader
        title={report.data ? report.data.assessment.title : <Skeleton width={280} />}
        subtitle="Attendees, scores and how each question worked."
        actions={
          <>
            {canEdit && (
              <Button component={RouterLink} to={editorUrl(id)} variant="outlined">
                Edit
              </Button>
            )}
            <ProctorButton
              assessment={id}
              proctored={assessment.data?.settings.proctored === true}
              canReport={assessment.data?.abilities.report === true}
            />
            <Button
              variant="outlined"
              startIcon={<DownloadOutlined />}
              loading={exporter.isPending && exporter.variables?.format === 'xlsx'}
              onClick={() => exporter.mutate({ format: 'xlsx', dates: sentDates })}
            >
              Export XLSX
            </Button>
            <Button
              variant="outlined"
              startIcon={<DownloadOutlined />}
              loading={exporter.isPending && exporter.variables?.format === 'csv'}
              onClick={() => exporter.mutate({ format: 'csv', dates: sentDates })}
            >
              Export CSV
            </Button>
            {canEdit && (
              <Button
                variant="outlined"
                color="warning"
                startIcon={<RestartAltOutlined />}
                onClick={() => {
                  regrade.reset();
                  setRegrading(true);
                }}
              >
                Regrade
              </Button>
            )}
          </>
        }
      />
      {regraded && (
        <Alert severity="success" role="status" sx={{ mb: 2 }} onClose={() => setRegraded(null)}>
          {regraded}
        </Alert>
      )}
      <Card sx={{ p: 2, mb: 2.5 }}>
        <DateFilter
          value={dates}
          onChange={(next) => {
            setDates(next);
            setPage(1);
          }}
        />
      </Card>
      <Stack spacing={2.5}>
        <SummaryCards report={report.data} />
        <SectionCard title="Scores" busy={!report.data}>
          {report.data ? (
            <Suspense
              fallback={<Skeleton variant="rounded" height={240} aria-label="Loading the charts" />}
            >
              <ScoreCharts report={report.data} />
            </Suspense>
          ) : (
            <Skeleton variant="rounded" height={240} />
          )}
        </SectionCard>
        <SectionCard title="Attendees">
          <Stack direction={{ xs: 'column', sm: 'row' }} spacing={1.5} sx={{ mb: 1 }}>
            <TextField
              label="Search learners"
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
              label="Status"
              size="small"
              value={status}
              onChange={(event) => {
                setStatus(event.target.value);
                setPage(1);
              }}
              sx={{ flex: 1, minWidth: 160 }}
            >
              <MenuItem value="">All statuses</MenuItem>
              {ATTENDEE_STATUSES.map((s) => (
                <MenuItem key={s} value={s}>
                  {ATTENDEE_STATUS_LABEL[s]}
                </MenuItem>
              ))}
            </TextField>
          </Stack>
          <AttendeesTable
            list={attendees}
            page={page}
            pageSize={PAGE_SIZE}
            onPage={setPage}
            empty={
              filtered
                ? 'Nobody matches these filters.'
                : 'Nobody is assigned and nobody has attempted it yet.'
            }
          />
        </SectionCard>
        <SectionCard
          title="Item analysis"
          subtitle="Facility: share of the points earned. Discrimination: whether stronger learners did better on it."
        >
          {report.data ? (
            <ItemAnalysisTable items={report.data.items} />
          ) : (
            <Skeleton variant="rounded" height={120} />
          )}
        </SectionCard>
      </Stack>
      <ConfirmDialog
        open={regrading}
        title="Regrade submitted attempts?"
        confirmLabel="Regrade"
        busy={regrade.isPending}
        onClose={() => setRegrading(false)}
        onConfirm={() =>
          regrade.mutate(undefined, {
            onSuccess: (result) => {
              setRegrading(false);
              setRegraded(
                `${plural(result.attempts, 'attempt')} regraded; ${plural(result.changed, 'score', 'scores')} changed.`,
              );
            },
            onError: () => setRegrading(false),
          })
        }
      >
        Every submitted attempt is scored again with the questions’ current answer keys. Grades that
        change are recorded in the audit log; reviewers’ manual grades stay.
      </ConfirmDialog>
    </PageContainer>
  );
}
