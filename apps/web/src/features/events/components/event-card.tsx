import type { TEvent } from '@atrium/contract';
import EventOutlined from '@mui/icons-material/EventOutlined';
import LocationOnOutlined from '@mui/icons-material/LocationOnOutlined';
import PeopleOutlined from '@mui/icons-material/PeopleOutlined';
import SchoolOutlined from '@mui/icons-material/SchoolOutlined';
import VideocamOutlined from '@mui/icons-material/VideocamOutlined';
import Card from '@mui/material/Card';
import CardContent from '@mui/material/CardContent';
import Link from '@mui/material/Link';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import type { ReactNode } from 'react';
import { cpdText, seatsText } from '../labels.ts';
import { EventChips } from './event-chips.tsx';
import { shownStart, whenText } from './event-when.ts';

function Fact({ icon, children }: { icon: ReactNode; children: ReactNode }) {
  return (
    <Stack direction="row" spacing={0.75} sx={{ alignItems: 'center', minWidth: 0 }}>
      <Stack sx={{ color: 'text.secondary', flexShrink: 0 }} aria-hidden>
        {icon}
      </Stack>
      <Typography variant="body2" component="span" sx={{ overflowWrap: 'anywhere' }}>
        {children}
      </Typography>
    </Stack>
  );
}

/** One event of the list; its title is the button that opens the detail, and the card its target. */
export function EventCard({
  event,
  staff,
  onOpen,
}: {
  event: TEvent;
  staff: boolean;
  onOpen: (id: number) => void;
}) {
  const when = whenText(shownStart(event), event.time_zone);
  const small = { fontSize: 'small' } as const;
  return (
    <Card
      variant="outlined"
      component="li"
      sx={{
        listStyle: 'none',
        position: 'relative',
        borderLeft: 4,
        borderLeftColor: event.type?.colour ?? 'divider',
        '&:hover': { bgcolor: 'action.hover' },
      }}
    >
      <CardContent>
        <Stack spacing={1}>
          <EventChips event={event} staff={staff} />
          <Typography variant="h6" component="h3" sx={{ overflowWrap: 'anywhere' }}>
            <Link
              component="button"
              type="button"
              underline="hover"
              color="inherit"
              onClick={() => onOpen(event.id)}
              sx={{
                font: 'inherit',
                textAlign: 'left',
                // The whole card answers the click; the button keeps the focus ring.
                '&::after': { content: '""', position: 'absolute', inset: 0 },
              }}
            >
              {event.title}
            </Link>
          </Typography>
          <Stack
            direction={{ xs: 'column', sm: 'row' }}
            spacing={{ xs: 0.5, sm: 2 }}
            useFlexGap
            sx={{ flexWrap: 'wrap' }}
          >
            <Fact icon={<EventOutlined {...small} />}>
              {event.next_occurrence || !event.rrule ? '' : 'First: '}
              {when.local}
              {when.own && ` (${when.own})`}
            </Fact>
            {event.location && (
              <Fact icon={<LocationOnOutlined {...small} />}>{event.location}</Fact>
            )}
            {event.online_url && <Fact icon={<VideocamOutlined {...small} />}>Online</Fact>}
            <Fact icon={<PeopleOutlined {...small} />}>
              {seatsText(event.enrolled_count, event.capacity)}
            </Fact>
            {event.cpd_value !== null && (
              <Fact icon={<SchoolOutlined {...small} />}>
                {cpdText(event.cpd_value, event.cpd_unit)}
              </Fact>
            )}
          </Stack>
        </Stack>
      </CardContent>
    </Card>
  );
}
