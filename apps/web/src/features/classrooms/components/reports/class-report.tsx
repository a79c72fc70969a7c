import type { TClassReport } from '@atrium/contract';
import BarChartOutlined from '@mui/icons-material/BarChartOutlined';
import GroupsOutlined from '@mui/icons-material/GroupsOutlined';
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Chip from '@mui/material/Chip';
import Link from '@mui/material/Link';
import Skeleton from '@mui/material/Skeleton';
import Stack from '@mui/material/Stack';
import Table from '@mui/material/Table';
import TableBody from '@mui/material/TableBody';
import TableCell from '@mui/material/TableCell';
import TableContainer from '@mui/material/TableContainer';
import TableHead from '@mui/material/TableHead';
import TableRow from '@mui/material/TableRow';
import Typography from '@mui/material/Typography';
import { lazy, Suspense, useState } from 'react';
import { errorMessage } from '../../../../shared/api/api-error.ts';
import { EmptyState, SectionCard } from '../../../../shared/ui/section-card.tsx';
import { useClassReport, useExportClassReport } from '../../api/reports.api.ts';
import { CLASSROOM_MESSAGES } from '../../labels.ts';
import { formatDate } from '../../time.ts';
import { Figure } from '../attendees/session-report.tsx';
import { percent } from '../dashboard/classroom-dashboard.tsx';
import { SessionStatusChip } from '../status-chips.tsx';
import { ExportButtons } from './export-buttons.tsx';
import { LearnerReportDialog } from './learner-report-dialog.tsx';
import { WhenCell } from './when-cell.tsx';

const SessionRateChart = lazy(() => import('./session-rate-chart.tsx'));

type ReportSession = TClassReport['sessions'][number];

const shortDay = (iso: string) =>
  new Date(iso).toLocaleDateString(undefined, { day: 'numeric', month: 'short' });

const survey = (s: ReportSession) =>
  s.survey_average === null ? '—' : `${s.survey_average.toLocaleString()} (${s.survey_count})`;

/**
 * A class's report for its managers: per session seats, marks, attendance rate and survey (a
 * chart and the table carrying the same numbers), per learner sessions attended and completion,
 * the learners exported as CSV or XLSX.
 */
export function ClassReport({ classId }: { classId: number }) {
  const report = useClassReport(classId);
  const exporter = useExportClassReport(classId);
  const [learner, setLearner] = useState<{ id: number; fullname: string } | null>(null);
  if (report.isError) {
    return (
      <Alert severity="error">{errorMessage(report.error, CLASSROOM_MESSAGES.detailFailed)}</Alert>
    );
  }
  const r = report.data;
  const held = r?.sessions.filter((s) => s.status !== 'cancelled') ?? [];
  const completed = r?.learners.filter((l) => l.completed).length ?? 0;

  return (
    <Stack spacing={2.5}>
      <Box
        role="group"
        aria-label="Class figures"
        aria-busy={!r}
        sx={{
          display: 'grid',
          gap: 2,
          gridTemplateColumns: { xs: 'repeat(2, 1fr)', sm: 'repeat(4, 1fr)' },
        }}
      >
        {r ? (
          <>
            <Figure label="Sessions" value={held.length} />
            <Figure label="Learners" value={r.learners.length} />
            <Figure label="Completed" value={`${completed}/${r.learners.length}`} />
            <Figure
              label="Survey average"
              value={r.survey.average === null ? '—' : `${r.survey.average.toLocaleString()} / 5`}
            />
          </>
        ) : (
          Array.from({ length: 4 }, (_, i) => (
            // biome-ignore lint/suspicious/noArrayIndexKey: placeholders have no identity
            <Skeleton key={i} variant="rounded" height={56} />
          ))
        )}
      </Box>

      <SectionCard
        title="Attendance per session"
        subtitle="The rate counts present and late learners over those marked; an excused absence is left out."
        busy={!r}
      >
        {!r ? (
          <Skeleton variant="rounded" height={220} />
        ) : r.sessions.length === 0 ? (
          <EmptyState icon={<BarChartOutlined fontSize="large" />}>
            No sessions yet. Add them under Topics and sessions.
          </EmptyState>
        ) : (
          <Stack spacing={2}>
            {held.some((s) => s.attendance_rate !== null) && (
              <Suspense fallback={<Skeleton variant="rounded" height={220} />}>
                <SessionRateChart
                  sessions={held.map((s) => ({
                    id: s.session,
                    label: shortDay(s.starts_at),
                    title: s.title,
                    rate: s.attendance_rate,
                  }))}
                />
              </Suspense>
            )}
            <SessionsTable sessions={r.sessions} />
          </Stack>
        )}
      </SectionCard>

      <SectionCard
        title="Learners"
        subtitle={
          r
            ? `A learner completes the class by attending ${r.class.completion_percent} % of its sessions.`
            : undefined
        }
        busy={!r}
        action={
          <ExportButtons
            what="the class report"
            busy={exporter.isPending ? (exporter.variables ?? null) : null}
            onExport={(format) => exporter.mutate(format)}
          />
        }
      >
        {!r ? (
          <Skeleton variant="rounded" height={120} />
        ) : r.learners.length === 0 ? (
          <EmptyState icon={<GroupsOutlined fontSize="large" />}>
            Nobody has booked a session of this class yet.
          </EmptyState>
        ) : (
          <TableContainer sx={{ position: 'relative' }}>
            <Table size="small" aria-label="Learners of the class">
              <TableHead>
                <TableRow>
                  <TableCell>Learner</TableCell>
                  <TableCell align="right">Attended</TableCell>
                  <TableCell>Completed</TableCell>
                </TableRow>
              </TableHead>
              <TableBody>
                {r.learners.map((l) => (
                  <TableRow key={l.user.id} hover>
                    <TableCell>
                      <Link
                        component="button"
                        type="button"
                        onClick={() => setLearner(l.user)}
                        aria-haspopup="dialog"
                        sx={{ fontWeight: 600, textAlign: 'left', overflowWrap: 'anywhere' }}
                      >
                        {l.user.fullname}
                      </Link>
                      <Typography
                        variant="caption"
                        sx={{ display: 'block', color: 'text.secondary' }}
                      >
                        {l.user.email}
                      </Typography>
                    </TableCell>
                    <TableCell align="right" sx={{ whiteSpace: 'nowrap' }}>
                      {l.attended}/{l.total}
                      {l.partial > 0 && (
                        <Typography
                          variant="caption"
                          sx={{ display: 'block', color: 'text.secondary' }}
                        >
                          {l.partial} late
                        </Typography>
                      )}
                    </TableCell>
                    <TableCell sx={{ whiteSpace: 'nowrap' }}>
                      {l.completed ? (
                        <>
                          <Chip size="small" color="success" label="Yes" />
                          <Typography
                            variant="caption"
                            sx={{ display: 'block', color: 'text.secondary' }}
                          >
                            {formatDate(l.completed_at)}
                          </Typography>
                        </>
                      ) : (
                        <Chip size="small" variant="outlined" label="No" />
                      )}
                    </TableCell>
                  </TableRow>
                ))}
              </TableBody>
            </Table>
          </TableContainer>
        )}
      </SectionCard>
      <LearnerReportDialog learner={learner} onClose={() => setLearner(null)} />
    </Stack>
  );
}

function SessionsTable({ sessions }: { sessions: ReportSession[] }) {
  return (
    <TableContainer sx={{ position: 'relative' }}>
      <Table
        size="small"
        // Tight cells: nine columns fit the class page's width without scrolling.
        sx={{ minWidth: 720, '& th': { whiteSpace: 'nowrap' }, '& td, & th': { px: 1 } }}
        aria-label="Sessions of the class"
      >
        <TableHead>
          <TableRow>
            <TableCell>Date</TableCell>
            <TableCell>Session</TableCell>
            <TableCell align="right">Booked</TableCell>
            <TableCell align="right">Attended</TableCell>
            <TableCell align="right">Late</TableCell>
            <TableCell align="right">No-show</TableCell>
            <TableCell align="right">Excused</TableCell>
            <TableCell align="right">Rate</TableCell>
            <TableCell align="right">Survey</TableCell>
          </TableRow>
        </TableHead>
        <TableBody>
          {sessions.map((s) => (
            <TableRow key={s.session} hover>
              <WhenCell iso={s.starts_at} />
              <TableCell sx={{ minWidth: 160 }}>
                <Stack direction="row" spacing={1} sx={{ alignItems: 'center' }}>
                  <Box sx={{ fontWeight: 600, overflowWrap: 'anywhere' }}>{s.title}</Box>
                  {s.status === 'cancelled' && <SessionStatusChip status={s.status} />}
                </Stack>
                <Typography variant="caption" sx={{ color: 'text.secondary' }}>
                  {s.topic_title}
                </Typography>
              </TableCell>
              <TableCell align="right">
                {s.booked}/{s.capacity}
              </TableCell>
              <TableCell align="right">{s.attended}</TableCell>
              <TableCell align="right">{s.partial}</TableCell>
              {/* The server counts an excused absence as a no-show too: shown apart here. */}
              <TableCell align="right">{s.no_show - s.excused}</TableCell>
              <TableCell align="right">{s.excused}</TableCell>
              <TableCell align="right" sx={{ whiteSpace: 'nowrap' }}>
                {percent(s.attendance_rate)}
              </TableCell>
              <TableCell align="right" sx={{ whiteSpace: 'nowrap' }}>
                {survey(s)}
              </TableCell>
            </TableRow>
          ))}
        </TableBody>
      </Table>
    </TableContainer>
  );
}
