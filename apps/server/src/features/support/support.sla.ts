import type { TTicketPriority, TTicketSla, TTicketStatus } from '@atrium/contract';

/**
 * SLA targets per priority (defaults in code; an organisation setting may come later): how long
 * until the first staff response and until the ticket is resolved, from when it was opened.
 * The clock runs in wall time (no business hours) and does not pause while waiting on the
 * requester: simple to explain and to check, and what the queue sorts by.
 */
const HOUR = 3_600_000;
const DAY = 24 * HOUR;

export const SLA_TARGETS: Record<
  TTicketPriority,
  { firstResponseMs: number; resolutionMs: number }
> = {
  urgent: { firstResponseMs: 1 * HOUR, resolutionMs: 8 * HOUR },
  high: { firstResponseMs: 4 * HOUR, resolutionMs: 1 * DAY },
  normal: { firstResponseMs: 8 * HOUR, resolutionMs: 3 * DAY },
  low: { firstResponseMs: 24 * HOUR, resolutionMs: 5 * DAY },
};

/** "Breaching soon": the next target falls due within this window. */
export const SLA_WARNING_MS = 2 * HOUR;

export function dueTimes(priority: TTicketPriority, openedAt: Date) {
  const t = SLA_TARGETS[priority];
  return {
    firstResponseDueAt: new Date(openedAt.getTime() + t.firstResponseMs),
    resolutionDueAt: new Date(openedAt.getTime() + t.resolutionMs),
  };
}

interface SlaFacts {
  status: TTicketStatus | string;
  firstResponseDueAt: Date;
  resolutionDueAt: Date;
  firstRespondedAt: Date | null;
  resolvedAt: Date | null;
}

const done = (status: string) => status === 'resolved' || status === 'closed';

/** The next target still to meet: the first response, then the resolution; none once resolved. */
export function nextDue(t: SlaFacts): Date | null {
  if (done(t.status)) return null;
  return t.firstRespondedAt ? t.resolutionDueAt : t.firstResponseDueAt;
}

/**
 * Where the ticket stands at `now`. Breached: a target was missed, even if later met (a first
 * response an hour late stays a breach), or the next one is past due.
 */
export function slaOf(t: SlaFacts, now: Date): TTicketSla {
  const due = nextDue(t);
  const firstLate =
    t.firstRespondedAt !== null && t.firstRespondedAt.getTime() > t.firstResponseDueAt.getTime();
  const resolvedLate =
    t.resolvedAt !== null && t.resolvedAt.getTime() > t.resolutionDueAt.getTime();
  const overdue = due !== null && due.getTime() < now.getTime();
  const breached = firstLate || resolvedLate || overdue;
  return {
    first_response_due_at: t.firstResponseDueAt.toISOString(),
    resolution_due_at: t.resolutionDueAt.toISOString(),
    first_responded_at: t.firstRespondedAt?.toISOString() ?? null,
    due_at: due?.toISOString() ?? null,
    breached,
    breaching_soon: !breached && due !== null && due.getTime() - now.getTime() <= SLA_WARNING_MS,
  };
}
