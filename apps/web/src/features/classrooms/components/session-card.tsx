import type { TSession } from '@atrium/contract';
import EventOutlined from '@mui/icons-material/EventOutlined';
import GroupsOutlined from '@mui/icons-material/GroupsOutlined';
import MeetingRoomOutlined from '@mui/icons-material/MeetingRoomOutlined';
import PersonOutlined from '@mui/icons-material/PersonOutlined';
import VideocamOutlined from '@mui/icons-material/VideocamOutlined';
import Alert from '@mui/material/Alert';
import Card from '@mui/material/Card';
import CardContent from '@mui/material/CardContent';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import type { ReactNode } from 'react';
import { plural } from '../labels.ts';
import { browserTimeZone, formatSessionWhen, shortTime } from '../time.ts';
import { BookingStatusChip, SessionStatusChip } from './status-chips.tsx';

function Fact({ icon, children }: { icon: ReactNode; children: ReactNode }) {
  return (
    <Stack direction="row" spacing={1} sx={{ alignItems: 'center', minWidth: 0 }}>
      <Stack sx={{ color: 'text.secondary', flexShrink: 0 }} aria-hidden>
        {icon}
      </Stack>
      <Typography variant="body2" sx={{ overflowWrap: 'anywhere' }}>
        {children}
      </Typography>
    </Stack>
  );
}

/** What the learner reads about their place on a session. */
export function bookingLine(session: TSession): string | null {
  const mine = session.my_booking;
  if (!mine) return null;
  switch (mine.status) {
    case 'waitlisted':
      return mine.waitlist_position
        ? `You are number ${mine.waitlist_position} on the waitlist.`
        : 'You are on the waitlist.';
    case 'booked':
      return mine.checked_in ? 'You have a seat and have checked in.' : 'You have a seat.';
    case 'requested':
      return 'You asked for a seat; it waits for approval.';
    case 'attended':
      return 'You attended this session.';
    case 'partial':
      return 'You attended part of this session.';
    case 'no_show':
      return 'You were marked absent.';
    default:
      return null;
  }
}

/**
 * One session: when (in the viewer's zone, and the session's own when it differs), who trains,
 * where, the seats, and the viewer's booking. `actions` are the buttons the caller may use.
 */
export function SessionCard({
  session,
  actions,
  headingLevel = 3,
}: {
  session: TSession;
  actions?: ReactNode;
  headingLevel?: 2 | 3 | 4;
}) {
  const own = browserTimeZone();
  const line = bookingLine(session);
  const full = session.booked_count >= session.capacity;
  return (
    <Card variant="outlined" component="article" aria-label={session.title}>
      <CardContent>
        <Stack
          direction={{ xs: 'column', sm: 'row' }}
          spacing={1}
          sx={{ alignItems: { sm: 'flex-start' }, mb: 1 }}
        >
          <Typography
            component={`h${headingLevel}`}
            sx={{ fontSize: '1.05rem', fontWeight: 600, flex: 1, overflowWrap: 'anywhere' }}
          >
            {session.title}
          </Typography>
          <Stack direction="row" spacing={1} useFlexGap sx={{ flexWrap: 'wrap' }}>
            <SessionStatusChip status={session.status} />
            {session.my_booking && session.my_booking.status !== 'cancelled' && (
              <BookingStatusChip
                status={session.my_booking.status}
                position={session.my_booking.waitlist_position}
              />
            )}
          </Stack>
        </Stack>
        <Stack spacing={0.75}>
          <Fact icon={<EventOutlined fontSize="small" />}>
            {formatSessionWhen(session)}
            {session.time_zone !== own &&
              ` (${shortTime(session.start_time)}–${shortTime(session.end_time)} ${session.time_zone})`}
          </Fact>
          <Fact icon={<PersonOutlined fontSize="small" />}>
            {session.trainers.map((t) => t.fullname).join(', ') || 'No trainer yet'}
          </Fact>
          {session.online ? (
            <Fact icon={<VideocamOutlined fontSize="small" />}>Online</Fact>
          ) : (
            session.room && (
              <Fact icon={<MeetingRoomOutlined fontSize="small" />}>
                {session.room.name}
                {session.room.location && ` · ${session.room.location}`}
              </Fact>
            )
          )}
          <Fact icon={<GroupsOutlined fontSize="small" />}>
            {session.booked_count} of {plural(session.capacity, 'seat')} booked
            {full && session.status === 'scheduled' && ' (full)'}
            {session.waitlisted_count > 0 && ` · ${session.waitlisted_count} waiting`}
          </Fact>
        </Stack>
        {line && (
          <Alert
            severity={session.my_booking?.status === 'waitlisted' ? 'warning' : 'info'}
            sx={{ mt: 1.5 }}
          >
            {line}
          </Alert>
        )}
        {actions && (
          <Stack direction="row" spacing={1} useFlexGap sx={{ flexWrap: 'wrap', mt: 1.5 }}>
            {actions}
          </Stack>
        )}
      </CardContent>
    </Card>
  );
}
