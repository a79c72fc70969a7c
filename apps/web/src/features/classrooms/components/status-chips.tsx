import type { TBookingStatus, TClassroomStatus, TSessionStatus } from '@atrium/contract';
import Chip from '@mui/material/Chip';
import { BOOKING_STATUS, CLASSROOM_STATUS, SESSION_STATUS } from '../labels.ts';

export function ClassroomStatusChip({ status }: { status: TClassroomStatus }) {
  const { label, color } = CLASSROOM_STATUS[status];
  return <Chip size="small" label={label} color={color} variant="outlined" />;
}

export function SessionStatusChip({ status }: { status: TSessionStatus }) {
  const { label, color } = SESSION_STATUS[status];
  return <Chip size="small" label={label} color={color} variant="outlined" />;
}

export function BookingStatusChip({
  status,
  position,
}: {
  status: TBookingStatus;
  position?: number | null;
}) {
  const { label, color } = BOOKING_STATUS[status];
  const text = status === 'waitlisted' && position ? `${label} · #${position}` : label;
  return <Chip size="small" label={text} color={color} />;
}
