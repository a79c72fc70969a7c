import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Card from '@mui/material/Card';
import CardContent from '@mui/material/CardContent';
import Link from '@mui/material/Link';
import List from '@mui/material/List';
import ListItem from '@mui/material/ListItem';
import Skeleton from '@mui/material/Skeleton';
import Stack from '@mui/material/Stack';
import Table from '@mui/material/Table';
import TableBody from '@mui/material/TableBody';
import TableCell from '@mui/material/TableCell';
import TableHead from '@mui/material/TableHead';
import TableRow from '@mui/material/TableRow';
import Typography from '@mui/material/Typography';
import { lazy, Suspense } from 'react';
import { Link as RouterLink } from 'react-router';
import { errorMessage } from '../../../../shared/api/api-error.ts';
import { SectionCard } from '../../../../shared/ui/section-card.tsx';
import { VisuallyHidden } from '../../../../shared/ui/visually-hidden.tsx';
import { useClassroomDashboard, useDashboardAdditional } from '../../api/reports.api.ts';
import { CLASSROOM_MESSAGES, sessionBookingUrl } from '../../labels.ts';
import { formatDate, formatSessionWhen } from '../../time.ts';

const AttendanceChart = lazy(() => import('./attendance-chart.tsx'));

/** The server's rates are percentages with one decimal, null while nobody is marked. */
export const percent = (rate: number | null) =>
  rate === null ? '—' : `${rate.toLocaleString()} %`;

function Count({ label, value }: { label: string; value: string | number | undefined }) {
  return (
    <Card component="li" sx={{ listStyle: 'none' }}>
      <CardContent>
        <Typography variant="body2" sx={{ color: 'text.secondary' }}>
          {label}
        </Typography>
        <Typography sx={{ fontSize: '1.8rem', fontWeight: 700 }}>
          {value === undefined ? <Skeleton width={60} /> : value}
        </Typography>
      </CardContent>
    </Card>
  );
}

/** The staff's classroom dashboard: counts, attendance per week, what comes and what is at risk. */
export function ClassroomDashboard() {
  const dashboard = useClassroomDashboard();
  const extra = useDashboardAdditional();
  if (dashboard.isError)
    return (
      <Alert severity="error">
        {errorMessage(dashboard.error, CLASSROOM_MESSAGES.dashboardFailed)}
      </Alert>
    );
  const d = dashboard.data;
  const weeks = (d?.attendance_by_week ?? []).map((w) => ({
    label: new Date(w.week_start).toLocaleDateString(undefined, {
      day: 'numeric',
      month: 'short',
      timeZone: 'UTC',
    }),
    attended: w.attended,
    booked: w.booked,
  }));
  return (
    <Stack spacing={2.5}>
      <Box
        component="ul"
        aria-label="Classroom counts"
        sx={{
          p: 0,
          m: 0,
          display: 'grid',
          gap: 2,
          gridTemplateColumns: { xs: 'repeat(2, 1fr)', sm: 'repeat(3, 1fr)', lg: 'repeat(6, 1fr)' },
        }}
      >
        <Count label="Classrooms" value={d?.counts.classrooms} />
        <Count label="Classes" value={d?.counts.classes} />
        <Count label="Upcoming sessions" value={d?.counts.upcoming_sessions} />
        <Count label="Seats booked" value={d?.counts.bookings} />
        <Count label="Waitlisted" value={d?.counts.waitlisted} />
        <Count
          label="Attendance (30 days)"
          value={d ? percent(d.counts.attendance_rate_30d) : undefined}
        />
      </Box>
      <Box sx={{ display: 'grid', gap: 2.5, gridTemplateColumns: { xs: '1fr', lg: '2fr 1fr' } }}>
        <SectionCard
          title="Attendance per week"
          subtitle="Seats booked and attended, the last 12 weeks"
          busy={!d}
        >
          {d && weeks.every((w) => w.booked === 0 && w.attended === 0) ? (
            <Typography variant="body2" sx={{ color: 'text.secondary' }}>
              No seats were booked in sessions of the last 12 weeks.
            </Typography>
          ) : d ? (
            <>
              <Suspense fallback={<Skeleton variant="rounded" height={260} />}>
                <AttendanceChart weeks={weeks} />
              </Suspense>
              <VisuallyHidden>
                <table>
                  <caption>Attendance per week</caption>
                  <thead>
                    <tr>
                      <th>Week of</th>
                      <th>Booked</th>
                      <th>Attended</th>
                    </tr>
                  </thead>
                  <tbody>
                    {weeks.map((w) => (
                      <tr key={w.label}>
                        <td>{w.label}</td>
                        <td>{w.booked}</td>
                        <td>{w.attended}</td>
                      </tr>
                    ))}
                  </tbody>
                </table>
              </VisuallyHidden>
            </>
          ) : (
            <Skeleton variant="rounded" height={260} />
          )}
        </SectionCard>
        <SectionCard title="Coming up" busy={!d}>
          {d && d.upcoming.length === 0 ? (
            <Typography variant="body2" sx={{ color: 'text.secondary' }}>
              No sessions scheduled.
            </Typography>
          ) : (
            <List dense disablePadding>
              {(d?.upcoming ?? []).slice(0, 6).map((s) => (
                <ListItem key={s.id} disableGutters sx={{ display: 'block' }}>
                  <Link
                    component={RouterLink}
                    to={sessionBookingUrl(s.id)}
                    sx={{ fontWeight: 600 }}
                  >
                    {s.title}
                  </Link>
                  <Typography variant="body2" sx={{ color: 'text.secondary' }}>
                    {formatSessionWhen(s)} · {s.booked}/{s.capacity} booked
                  </Typography>
                </ListItem>
              ))}
            </List>
          )}
        </SectionCard>
      </Box>
      {extra.data && (
        <Box sx={{ display: 'grid', gap: 2.5, gridTemplateColumns: { xs: '1fr', lg: '1fr 1fr' } }}>
          <SectionCard title="Below their minimum" subtitle="Cancelled at the cut-off unless kept">
            {extra.data.below_minimum.length === 0 ? (
              <Typography variant="body2" sx={{ color: 'text.secondary' }}>
                Every upcoming session has its minimum.
              </Typography>
            ) : (
              <List dense disablePadding>
                {extra.data.below_minimum.map((s) => (
                  <ListItem key={s.id} disableGutters sx={{ display: 'block' }}>
                    <Link
                      component={RouterLink}
                      to={sessionBookingUrl(s.id)}
                      sx={{ fontWeight: 600 }}
                    >
                      {s.title}
                    </Link>
                    <Typography variant="body2" sx={{ color: 'text.secondary' }}>
                      {s.booked} of at least {s.minimum_size} · cut-off {formatDate(s.cut_off_at)}
                    </Typography>
                  </ListItem>
                ))}
              </List>
            )}
          </SectionCard>
          <SectionCard title="Classes by attendance">
            {extra.data.top_classes.length === 0 ? (
              <Typography variant="body2" sx={{ color: 'text.secondary' }}>
                Nobody has been marked yet.
              </Typography>
            ) : (
              <Box sx={{ overflowX: 'auto' }}>
                <Table size="small" aria-label="Classes by attendance">
                  <TableHead>
                    <TableRow>
                      <TableCell>Class</TableCell>
                      <TableCell align="right">Attended</TableCell>
                      <TableCell align="right">Rate</TableCell>
                    </TableRow>
                  </TableHead>
                  <TableBody>
                    {extra.data.top_classes.map((c) => (
                      <TableRow key={c.class}>
                        <TableCell>
                          {c.class_name}
                          <Typography
                            variant="caption"
                            sx={{ display: 'block', color: 'text.secondary' }}
                          >
                            {c.classroom_title}
                          </Typography>
                        </TableCell>
                        <TableCell align="right">
                          {c.attended}/{c.marked}
                        </TableCell>
                        <TableCell align="right">{percent(c.attendance_rate)}</TableCell>
                      </TableRow>
                    ))}
                  </TableBody>
                </Table>
              </Box>
            )}
          </SectionCard>
        </Box>
      )}
    </Stack>
  );
}
