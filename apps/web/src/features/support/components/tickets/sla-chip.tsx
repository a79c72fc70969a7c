import type { TTicketSla } from '@atrium/contract';
import Chip from '@mui/material/Chip';

/** "3h", "2d", "45m": the coarsest unit that says how far a time is. */
export function roughSpan(ms: number): string {
  const minutes = Math.max(1, Math.round(Math.abs(ms) / 60_000));
  if (minutes < 60) return `${minutes}m`;
  const hours = Math.round(minutes / 60);
  if (hours < 48) return `${hours}h`;
  return `${Math.round(hours / 24)}d`;
}

/** What the queue's SLA column says: breached, due soon, due later, or nothing due. */
export function slaLabel(sla: TTicketSla, now: number = Date.now()): string | null {
  if (sla.breached && sla.due_at && Date.parse(sla.due_at) < now)
    return `Breached ${roughSpan(now - Date.parse(sla.due_at))} ago`;
  if (sla.breached) return 'Breached';
  if (!sla.due_at) return null;
  const what = sla.first_responded_at ? 'Resolve' : 'Reply';
  return `${what} due in ${roughSpan(Date.parse(sla.due_at) - now)}`;
}

export function SlaChip({ sla, now }: { sla: TTicketSla; now?: number }) {
  const label = slaLabel(sla, now);
  if (!label) return null;
  return (
    <Chip
      size="small"
      label={label}
      color={sla.breached ? 'error' : sla.breaching_soon ? 'warning' : 'default'}
      variant={sla.breached || sla.breaching_soon ? 'filled' : 'outlined'}
    />
  );
}
