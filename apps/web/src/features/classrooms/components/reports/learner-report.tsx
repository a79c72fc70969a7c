import type { TClassroomLearnerReport } from '@atrium/contract';
import EventNoteOutlined from '@mui/icons-material/EventNoteOutlined';
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Chip from '@mui/material/Chip';
import LinearProgress from '@mui/material/LinearProgress';
import List from '@mui/material/List';
import ListItem from '@mui/material/ListItem';
import Skeleton from '@mui/material/Skeleton';
import Stack from '@mui/material/Stack';
import { useTheme } from '@mui/material/styles';
import Table from '@mui/material/Table';
import TableBody from '@mui/material/TableBody';
import TableCell from '@mui/material/TableCell';
import TableContainer from '@mui/material/TableContainer';
import TableHead from '@mui/material/TableHead';
import TableRow from '@mui/material/TableRow';
import Typography from '@mui/material/Typography';
import useMediaQuery from '@mui/material/useMediaQuery';
import { errorMessage } from '../../../../shared/api/api-error.ts';
import { EmptyState, SectionCard } from '../../../../shared/ui/section-card.tsx';
import { useExportLearnerReport, useLearnerReport } from '../../api/reports.api.ts';
import { CLASSROOM_MESSAGES, MARK_LABEL } from '../../labels.ts';
import { formatDate, formatDateTime } from '../../time.ts';
import { BookingStatusChip, SessionStatusChip } from '../status-chips.tsx';
import { ExportButtons } from './export-buttons.tsx';
import { WhenCell } from './when-cell.tsx';

/**
 * A learner's attendance: each class they booked into with the sessions attended and whether
 * it is complete, then every booking with its status and mark. Without `userId` it is the
 * caller's own (a learner's "My attendance"); staff name the learner.
 */
export function LearnerReport({ userId }: { userId?: number }) {
  const report = useLearnerReport(userId);
  const exporter = useExportLearnerReport(userId);
  const own = userId === undefined;
  // A phone lists the bookings: five columns would scroll sideways.
  const phone = useMediaQuery(useTheme().breakpoints.down('sm'));
  if (report.isError) {
    return (
      <Alert severity="error">{errorMessage(report.error, CLASSROOM_MESSAGES.detailFailed)}</Alert>
    );
  }
  const r = report.data;
  return (
    <Stack spacing={2.5}>
      <SectionCard
        title="Classes"
        subtitle="Sessions attended (present or late) of each class's sessions"
        busy={!r}
      >
        {!r ? (
          <Skeleton variant="rounded" height={80} />
        ) : r.classes.length === 0 ? (
          <Typography variant="body2" sx={{ color: 'text.secondary' }}>
            {own ? 'You have not booked into a class yet.' : 'No classes booked yet.'}
          </Typography>
        ) : (
          <List disablePadding aria-label="Classes and completion">
            {r.classes.map((c) => (
              <ListItem key={c.class} divider disableGutters sx={{ display: 'block', py: 1.25 }}>
                <Stack
                  direction={{ xs: 'column', sm: 'row' }}
                  spacing={1}
                  sx={{ alignItems: { sm: 'center' } }}
                >
                  <Box sx={{ flex: 1, minWidth: 0 }}>
                    <Typography sx={{ fontWeight: 600, overflowWrap: 'anywhere' }}>
                      {c.class_name}
                    </Typography>
                    <Typography variant="body2" sx={{ color: 'text.secondary' }}>
                      {c.classroom_title} · {c.attended}/{c.total} sessions attended
                    </Typography>
                  </Box>
                  {c.completed ? (
                    <Chip
                      size="small"
                      color="success"
                      label={`Completed ${formatDate(c.completed_at)}`}
                      sx={{ alignSelf: { xs: 'flex-start', sm: 'center' } }}
                    />
                  ) : (
                    <Chip
                      size="small"
                      variant="outlined"
                      label="Not completed"
                      sx={{ alignSelf: { xs: 'flex-start', sm: 'center' } }}
                    />
                  )}
                </Stack>
                <LinearProgress
                  variant="determinate"
                  value={c.total > 0 ? Math.min(100, (100 * c.attended) / c.total) : 0}
                  color={c.completed ? 'success' : 'primary'}
                  aria-label={`${c.class_name}: ${c.attended} of ${c.total} sessions attended`}
                  sx={{ mt: 1, height: 6, borderRadius: 3 }}
                />
              </ListItem>
            ))}
          </List>
        )}
      </SectionCard>

      <SectionCard
        title="Sessions"
        subtitle="Every booking, latest first"
        busy={!r}
        action={
          <ExportButtons
            what={own ? 'my attendance' : 'the learner report'}
            busy={exporter.isPending ? (exporter.variables ?? null) : null}
            onExport={(format) => exporter.mutate(format)}
          />
        }
      >
        {!r ? (
          <Skeleton variant="rounded" height={120} />
        ) : r.bookings.length === 0 ? (
          <EmptyState icon={<EventNoteOutlined fontSize="large" />}>No bookings yet.</EmptyState>
        ) : phone ? (
          <BookingList bookings={r.bookings} />
        ) : (
          <TableContainer sx={{ position: 'relative' }}>
            <Table size="small" sx={{ minWidth: 640 }} aria-label="Bookings">
              <TableHead>
                <TableRow>
                  <TableCell>Date</TableCell>
                  <TableCell>Session</TableCell>
                  <TableCell>Booking</TableCell>
                  <TableCell>Attendance</TableCell>
                  <TableCell>Checked in</TableCell>
                </TableRow>
              </TableHead>
              <TableBody>
                {r.bookings.map((b) => (
                  <TableRow key={b.booking} hover>
                    <WhenCell iso={b.starts_at} />
                    <TableCell sx={{ minWidth: 200 }}>
                      <Stack direction="row" spacing={1} sx={{ alignItems: 'center' }}>
                        <Box sx={{ fontWeight: 600, overflowWrap: 'anywhere' }}>
                          {b.session_title}
                        </Box>
                        {b.session_status === 'cancelled' && (
                          <SessionStatusChip status={b.session_status} />
                        )}
                      </Stack>
                      <Typography variant="caption" sx={{ color: 'text.secondary' }}>
                        {b.classroom_title} · {b.class_name}
                      </Typography>
                    </TableCell>
                    <TableCell>
                      <BookingStatusChip status={b.status} />
                    </TableCell>
                    <TableCell>{b.attendance ? MARK_LABEL[b.attendance] : '—'}</TableCell>
                    <WhenCell iso={b.checked_in_at} />
                  </TableRow>
                ))}
              </TableBody>
            </Table>
          </TableContainer>
        )}
      </SectionCard>
    </Stack>
  );
}

type Booking = TClassroomLearnerReport['bookings'][number];

function BookingList({ bookings }: { bookings: Booking[] }) {
  return (
    <List disablePadding aria-label="Bookings">
      {bookings.map((b) => (
        <ListItem key={b.booking} divider disableGutters sx={{ display: 'block', py: 1.25 }}>
          <Typography sx={{ fontWeight: 600, overflowWrap: 'anywhere' }}>
            {b.session_title}
          </Typography>
          <Typography variant="body2" sx={{ color: 'text.secondary', overflowWrap: 'anywhere' }}>
            {b.classroom_title} · {b.class_name}
          </Typography>
          <Typography variant="body2">{formatDateTime(b.starts_at)}</Typography>
          <Stack direction="row" spacing={1} useFlexGap sx={{ flexWrap: 'wrap', mt: 0.75 }}>
            {b.session_status === 'cancelled' && <SessionStatusChip status={b.session_status} />}
            <BookingStatusChip status={b.status} />
            {b.attendance && (
              <Chip size="small" variant="outlined" label={MARK_LABEL[b.attendance]} />
            )}
          </Stack>
        </ListItem>
      ))}
    </List>
  );
}

/** The learner's "My attendance" tab of the classroom home. */
export function MyAttendance() {
  return <LearnerReport />;
}
