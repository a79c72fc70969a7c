import type { TCalendarEntry } from '@atrium/contract';
import ChevronLeftOutlined from '@mui/icons-material/ChevronLeftOutlined';
import ChevronRightOutlined from '@mui/icons-material/ChevronRightOutlined';
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Card from '@mui/material/Card';
import IconButton from '@mui/material/IconButton';
import LinearProgress from '@mui/material/LinearProgress';
import Link from '@mui/material/Link';
import Stack from '@mui/material/Stack';
import { useTheme } from '@mui/material/styles';
import ToggleButton from '@mui/material/ToggleButton';
import ToggleButtonGroup from '@mui/material/ToggleButtonGroup';
import Typography from '@mui/material/Typography';
import useMediaQuery from '@mui/material/useMediaQuery';
import { useState } from 'react';
import { Link as RouterLink } from 'react-router';
import { errorMessage } from '../../../shared/api/api-error.ts';
import { useCalendar } from '../api/reports.api.ts';
import { byDay, type CalendarView, shiftAnchor, visibleDays } from '../calendar-model.ts';
import { BOOKING_STATUS, CLASSROOM_MESSAGES, sessionBookingUrl } from '../labels.ts';
import { isoDay } from '../time.ts';

const WEEKDAYS = ['Mon', 'Tue', 'Wed', 'Thu', 'Fri', 'Sat', 'Sun'];
const hm = (iso: string) =>
  new Date(iso).toLocaleTimeString(undefined, { hour: '2-digit', minute: '2-digit' });

function EntryLink({ entry, compact }: { entry: TCalendarEntry; compact?: boolean }) {
  const cancelled = entry.status === 'cancelled';
  const mine = entry.my_booking_status ? BOOKING_STATUS[entry.my_booking_status].label : null;
  return (
    <Link
      component={RouterLink}
      to={sessionBookingUrl(entry.id)}
      underline="hover"
      sx={{
        display: 'block',
        fontSize: compact ? '0.75rem' : '0.9rem',
        px: compact ? 0.5 : 0,
        borderRadius: 1,
        bgcolor: compact
          ? entry.is_trainer || mine
            ? 'primary.main'
            : 'action.selected'
          : undefined,
        color: compact && (entry.is_trainer || mine) ? 'primary.contrastText' : undefined,
        textDecoration: cancelled ? 'line-through' : undefined,
        overflow: 'hidden',
        textOverflow: 'ellipsis',
        whiteSpace: compact ? 'nowrap' : 'normal',
      }}
    >
      {hm(entry.starts_at)} {entry.title}
      {!compact && (
        <Typography
          component="span"
          variant="body2"
          sx={{ color: 'text.secondary', display: 'block' }}
        >
          {entry.class_name} · {entry.online ? 'Online' : (entry.room ?? '')}
          {entry.is_trainer && ' · You train'}
          {mine && ` · ${mine}`}
          {cancelled && ' · Cancelled'}
        </Typography>
      )}
    </Link>
  );
}

/** classroom-calendar as a month grid (an agenda on phones) or a week's agenda. */
export function ClassroomCalendar() {
  const phone = useMediaQuery(useTheme().breakpoints.down('md'));
  const [view, setView] = useState<CalendarView>('month');
  const [anchor, setAnchor] = useState(() => new Date());
  const days = visibleDays(view, anchor);
  const from = isoDay(days[0] ?? anchor);
  const to = isoDay(days[days.length - 1] ?? anchor);
  const calendar = useCalendar(from, to);
  const entries = byDay(calendar.data ?? []);
  const today = isoDay(new Date());
  const title =
    view === 'month'
      ? anchor.toLocaleDateString(undefined, { month: 'long', year: 'numeric' })
      : `${(days[0] ?? anchor).toLocaleDateString(undefined, { day: 'numeric', month: 'short' })} – ${(days[6] ?? anchor).toLocaleDateString(undefined, { day: 'numeric', month: 'short', year: 'numeric' })}`;
  const inMonth = (d: Date) => view === 'week' || d.getMonth() === anchor.getMonth();
  const agenda = view === 'week' || phone;

  return (
    <Card>
      <Stack
        direction={{ xs: 'column', sm: 'row' }}
        spacing={1}
        sx={{ p: 2, alignItems: { sm: 'center' } }}
      >
        <Stack direction="row" spacing={0.5} sx={{ alignItems: 'center', flex: 1 }}>
          <IconButton
            aria-label={`Previous ${view}`}
            onClick={() => setAnchor(shiftAnchor(view, anchor, -1))}
          >
            <ChevronLeftOutlined />
          </IconButton>
          <IconButton
            aria-label={`Next ${view}`}
            onClick={() => setAnchor(shiftAnchor(view, anchor, 1))}
          >
            <ChevronRightOutlined />
          </IconButton>
          <Typography variant="h2" sx={{ fontSize: '1.2rem', ml: 1 }} aria-live="polite">
            {title}
          </Typography>
        </Stack>
        <Stack direction="row" spacing={1}>
          <Button size="small" onClick={() => setAnchor(new Date())}>
            Today
          </Button>
          <ToggleButtonGroup
            exclusive
            size="small"
            value={view}
            onChange={(_event, next: CalendarView | null) => next && setView(next)}
            aria-label="Calendar view"
          >
            <ToggleButton value="month">Month</ToggleButton>
            <ToggleButton value="week">Week</ToggleButton>
          </ToggleButtonGroup>
        </Stack>
      </Stack>
      <LinearProgress
        aria-label="Loading the calendar"
        sx={{ visibility: calendar.isFetching ? 'visible' : 'hidden' }}
      />
      {calendar.isError && (
        <Alert severity="error" sx={{ m: 2 }}>
          {errorMessage(calendar.error, CLASSROOM_MESSAGES.calendarFailed)}
        </Alert>
      )}
      {agenda ? (
        <Box component="ol" aria-label="Sessions by day" sx={{ listStyle: 'none', m: 0, p: 0 }}>
          {days
            .filter((d) => view === 'week' || entries.has(isoDay(d)))
            .map((d) => {
              const key = isoDay(d);
              const list = entries.get(key) ?? [];
              return (
                <Box
                  component="li"
                  key={key}
                  sx={{ px: 2, py: 1.5, borderTop: 1, borderColor: 'divider' }}
                >
                  <Typography
                    variant="subtitle2"
                    sx={{ fontWeight: 700, color: key === today ? 'primary.main' : undefined }}
                  >
                    {d.toLocaleDateString(undefined, {
                      weekday: 'long',
                      day: 'numeric',
                      month: 'long',
                    })}
                  </Typography>
                  {list.length === 0 ? (
                    <Typography variant="body2" sx={{ color: 'text.secondary' }}>
                      No sessions
                    </Typography>
                  ) : (
                    <Stack spacing={1} sx={{ mt: 0.5 }}>
                      {list.map((e) => (
                        <EntryLink key={e.id} entry={e} />
                      ))}
                    </Stack>
                  )}
                </Box>
              );
            })}
          {view === 'month' && entries.size === 0 && !calendar.isFetching && (
            <Typography component="li" sx={{ p: 3, textAlign: 'center', color: 'text.secondary' }}>
              No sessions this month.
            </Typography>
          )}
        </Box>
      ) : (
        <Box
          role="grid"
          aria-label={title}
          sx={{
            display: 'grid',
            gridTemplateColumns: 'repeat(7, minmax(0, 1fr))',
            borderTop: 1,
            borderColor: 'divider',
          }}
        >
          {WEEKDAYS.map((w) => (
            <Box
              key={w}
              role="columnheader"
              sx={{ p: 1, fontWeight: 600, fontSize: '0.8rem', color: 'text.secondary' }}
            >
              {w}
            </Box>
          ))}
          {days.map((d) => {
            const key = isoDay(d);
            const list = entries.get(key) ?? [];
            return (
              <Box
                key={key}
                role="gridcell"
                aria-label={d.toLocaleDateString(undefined, {
                  weekday: 'long',
                  day: 'numeric',
                  month: 'long',
                })}
                sx={{
                  minHeight: 104,
                  p: 0.75,
                  borderTop: 1,
                  borderLeft: 1,
                  borderColor: 'divider',
                  bgcolor: inMonth(d) ? undefined : 'action.hover',
                }}
              >
                <Typography
                  variant="caption"
                  sx={{
                    fontWeight: key === today ? 700 : 400,
                    color:
                      key === today
                        ? 'primary.main'
                        : inMonth(d)
                          ? 'text.primary'
                          : 'text.disabled',
                  }}
                >
                  {d.getDate()}
                </Typography>
                <Stack spacing={0.5} sx={{ mt: 0.5 }}>
                  {list.slice(0, 3).map((e) => (
                    <EntryLink key={e.id} entry={e} compact />
                  ))}
                  {list.length > 3 && (
                    <Button
                      size="small"
                      sx={{ p: 0, minWidth: 0, fontSize: '0.75rem', justifyContent: 'flex-start' }}
                      onClick={() => {
                        setAnchor(d);
                        setView('week');
                      }}
                    >
                      +{list.length - 3} more
                    </Button>
                  )}
                </Stack>
              </Box>
            );
          })}
        </Box>
      )}
    </Card>
  );
}
