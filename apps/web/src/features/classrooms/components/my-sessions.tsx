import type { TMyClassroomEvent } from '@atrium/contract';
import EventNoteOutlined from '@mui/icons-material/EventNoteOutlined';
import HowToRegOutlined from '@mui/icons-material/HowToRegOutlined';
import RateReviewOutlined from '@mui/icons-material/RateReviewOutlined';
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Card from '@mui/material/Card';
import LinearProgress from '@mui/material/LinearProgress';
import Link from '@mui/material/Link';
import List from '@mui/material/List';
import ListItem from '@mui/material/ListItem';
import Pagination from '@mui/material/Pagination';
import Skeleton from '@mui/material/Skeleton';
import Stack from '@mui/material/Stack';
import ToggleButton from '@mui/material/ToggleButton';
import ToggleButtonGroup from '@mui/material/ToggleButtonGroup';
import Typography from '@mui/material/Typography';
import { useState } from 'react';
import { Link as RouterLink } from 'react-router';
import { errorMessage } from '../../../shared/api/api-error.ts';
import { EmptyState } from '../../../shared/ui/section-card.tsx';
import { useMyEvents } from '../api/bookings.api.ts';
import { CLASSROOM_MESSAGES, sessionBookingUrl } from '../labels.ts';
import { formatSessionWhen } from '../time.ts';
import { useNow } from '../use-now.ts';
import { CHECKIN_OPENS_MS } from './booking-actions.tsx';
import { CheckinDialog } from './checkin-dialog.tsx';
import { BookingStatusChip, SessionStatusChip } from './status-chips.tsx';
import { SurveyDialog } from './survey-dialog.tsx';

const PAGE_SIZE = 10;

/** "My sessions": the learner's bookings to come and past, with check-in and the survey. */
export function MySessions() {
  const [upcoming, setUpcoming] = useState(true);
  const [page, setPage] = useState(1);
  const events = useMyEvents({ upcoming, page, page_size: PAGE_SIZE });
  const [checkin, setCheckin] = useState<{ id: number; title: string } | null>(null);
  const [survey, setSurvey] = useState<number | null>(null);
  const now = useNow(30_000);
  const rows = events.data?.results;
  const pages = events.data ? Math.max(1, Math.ceil(events.data.count / PAGE_SIZE)) : 1;

  return (
    <Stack spacing={2}>
      <ToggleButtonGroup
        exclusive
        size="small"
        value={upcoming ? 'upcoming' : 'past'}
        onChange={(_event, value: string | null) => {
          if (!value) return;
          setUpcoming(value === 'upcoming');
          setPage(1);
        }}
        aria-label="Which sessions"
      >
        <ToggleButton value="upcoming">Upcoming</ToggleButton>
        <ToggleButton value="past">Past</ToggleButton>
      </ToggleButtonGroup>
      <Card>
        <LinearProgress
          aria-label="Loading your sessions"
          sx={{ visibility: events.isFetching && rows ? 'visible' : 'hidden' }}
        />
        {events.isError && !events.data ? (
          <Alert severity="error" sx={{ m: 2 }}>
            {errorMessage(events.error, CLASSROOM_MESSAGES.listFailed)}
          </Alert>
        ) : rows?.length === 0 ? (
          <EmptyState icon={<EventNoteOutlined fontSize="large" />}>
            {upcoming
              ? 'No sessions to come. Browse the classrooms to book one.'
              : 'No past sessions yet.'}
          </EmptyState>
        ) : (
          <List aria-label={upcoming ? 'Upcoming sessions' : 'Past sessions'} disablePadding>
            {(rows ?? [null, null, null]).map((event, i) =>
              event ? (
                <EventRow
                  key={event.id}
                  event={event}
                  now={now}
                  onCheckin={() => setCheckin({ id: event.session.id, title: event.session.title })}
                  onSurvey={() => setSurvey(event.session.id)}
                />
              ) : (
                // biome-ignore lint/suspicious/noArrayIndexKey: placeholders have no identity
                <ListItem key={i} divider>
                  <Skeleton width="100%" height={48} />
                </ListItem>
              ),
            )}
          </List>
        )}
      </Card>
      {pages > 1 && (
        <Pagination
          count={pages}
          page={page}
          onChange={(_event, next) => setPage(next)}
          sx={{ alignSelf: 'center' }}
        />
      )}
      <CheckinDialog
        open={checkin !== null}
        session={checkin ?? { id: 0, title: '' }}
        onClose={() => setCheckin(null)}
      />
      <SurveyDialog
        open={survey !== null}
        sessionId={survey ?? 0}
        onClose={() => setSurvey(null)}
      />
    </Stack>
  );
}

function EventRow({
  event,
  now,
  onCheckin,
  onSurvey,
}: {
  event: TMyClassroomEvent;
  now: number;
  onCheckin: () => void;
  onSurvey: () => void;
}) {
  const s = event.session;
  const running =
    s.status !== 'cancelled' &&
    now >= Date.parse(s.starts_at) - CHECKIN_OPENS_MS &&
    now <= Date.parse(s.ends_at);
  return (
    <ListItem divider sx={{ display: 'block', py: 1.5 }}>
      <Stack
        direction={{ xs: 'column', sm: 'row' }}
        spacing={1.5}
        sx={{ alignItems: { sm: 'center' } }}
      >
        <Box sx={{ flex: 1, minWidth: 0 }}>
          <Link
            component={RouterLink}
            to={sessionBookingUrl(s.id)}
            sx={{ fontWeight: 600, overflowWrap: 'anywhere' }}
          >
            {s.title}
          </Link>
          <Typography variant="body2" sx={{ color: 'text.secondary' }}>
            {s.classroom_title} · {s.class_name}
          </Typography>
          <Typography variant="body2">
            {formatSessionWhen(s)} · {s.online ? 'Online' : (s.room?.name ?? '')}
          </Typography>
          {event.status === 'waitlisted' && event.waitlist_position && (
            <Typography variant="body2" sx={{ color: 'warning.main' }}>
              You are number {event.waitlist_position} on the waitlist.
            </Typography>
          )}
        </Box>
        <Stack
          direction="row"
          spacing={1}
          useFlexGap
          sx={{ flexWrap: 'wrap', alignItems: 'center' }}
        >
          {s.status !== 'scheduled' && <SessionStatusChip status={s.status} />}
          <BookingStatusChip status={event.status} position={event.waitlist_position} />
          {event.status === 'booked' && running && !s.online && (
            <Button
              size="small"
              variant="contained"
              startIcon={<HowToRegOutlined />}
              onClick={onCheckin}
            >
              Check in
            </Button>
          )}
          {event.status === 'booked' && running && s.online && (
            <Button
              size="small"
              variant="contained"
              component={RouterLink}
              to={sessionBookingUrl(s.id)}
            >
              Join
            </Button>
          )}
          {(event.status === 'attended' || event.status === 'partial') && (
            <Button
              size="small"
              variant="outlined"
              startIcon={<RateReviewOutlined />}
              onClick={onSurvey}
            >
              Survey
            </Button>
          )}
        </Stack>
      </Stack>
    </ListItem>
  );
}
