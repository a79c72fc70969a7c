import { TICKET_STATUS_LABELS, type TTicketPriority, type TTicketStatus } from '@atrium/contract';
import Chip from '@mui/material/Chip';

const COLOUR: Record<TTicketStatus, 'info' | 'warning' | 'default' | 'success'> = {
  open: 'info',
  pending: 'warning',
  on_hold: 'default',
  resolved: 'success',
  closed: 'default',
};

export function StatusChip({ status }: { status: TTicketStatus }) {
  return (
    <Chip
      size="small"
      label={TICKET_STATUS_LABELS[status]}
      color={COLOUR[status]}
      variant="outlined"
    />
  );
}

export const PRIORITY_LABELS: Record<TTicketPriority, string> = {
  low: 'Low',
  normal: 'Normal',
  high: 'High',
  urgent: 'Urgent',
};

export function PriorityChip({ priority }: { priority: TTicketPriority }) {
  if (priority === 'normal' || priority === 'low')
    return <Chip size="small" label={PRIORITY_LABELS[priority]} variant="outlined" />;
  return (
    <Chip
      size="small"
      label={PRIORITY_LABELS[priority]}
      color={priority === 'urgent' ? 'error' : 'warning'}
    />
  );
}
