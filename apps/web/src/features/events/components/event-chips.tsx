import type { TEvent, TEventType } from '@atrium/contract';
import EventRepeatOutlined from '@mui/icons-material/EventRepeatOutlined';
import Box from '@mui/material/Box';
import Chip from '@mui/material/Chip';
import { ENROLMENT_STATUS, EVENT_STATUS } from '../labels.ts';

/** The type's name with a dot of its colour (the one colour that is data, not theme). */
export function TypeChip({ type }: { type: TEventType }) {
  return (
    <Chip
      size="small"
      variant="outlined"
      label={type.name}
      icon={
        <Box
          component="span"
          aria-hidden
          sx={{
            width: 12,
            height: 12,
            borderRadius: '50%',
            bgcolor: type.colour,
            border: 1,
            borderColor: 'divider',
            ml: '6px !important',
          }}
        />
      }
    />
  );
}

export function StatusChip({ status }: { status: TEvent['status'] }) {
  const s = EVENT_STATUS[status];
  return <Chip size="small" label={s.label} color={s.color} />;
}

export const RecurringChip = () => (
  <Chip size="small" variant="outlined" icon={<EventRepeatOutlined />} label="Repeats" />
);

/** The caller's enrolment: enrolled, asked to be, and whether for CPD credit. */
export function MyEnrolmentChip({ enrolment }: { enrolment: TEvent['my_enrolment'] }) {
  if (!enrolment || enrolment.status === 'cancelled') return null;
  const s = ENROLMENT_STATUS[enrolment.status];
  const label =
    enrolment.status === 'requested' ? 'Enrolment requested' : `You are ${s.label.toLowerCase()}`;
  return (
    <Chip
      size="small"
      color={s.color}
      label={enrolment.for_cpd ? `${label} (CPD)` : label}
      variant="filled"
    />
  );
}

/** The chips of an event: type, status (always for staff; cancelled for everyone), repeats, mine. */
export function EventChips({ event, staff }: { event: TEvent; staff: boolean }) {
  return (
    <Box sx={{ display: 'flex', flexWrap: 'wrap', gap: 0.75 }}>
      {event.type && <TypeChip type={event.type} />}
      {(staff || event.status === 'cancelled') && <StatusChip status={event.status} />}
      {event.rrule && <RecurringChip />}
      <MyEnrolmentChip enrolment={event.my_enrolment} />
    </Box>
  );
}
