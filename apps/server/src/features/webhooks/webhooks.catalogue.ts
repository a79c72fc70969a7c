import type { TWebhookEvent } from '@atrium/contract';
import type { DomainEvents } from '../../core/events/event-bus.ts';

/**
 * How each catalogued event (contract WEBHOOK_EVENTS) reaches webhooks: the organisation it
 * belongs to, read from the payload (every catalogued event carries the organisation whose data
 * it is, so a webhook only ever hears its own organisation's events), and its public `data`:
 * ids in snake_case, chosen here so that a change of the internal payload cannot leak into, or
 * break, what receivers rely on.
 */
interface PublicShape<N extends TWebhookEvent> {
  organisationId(payload: DomainEvents[N]): number;
  data(payload: DomainEvents[N]): Record<string, unknown>;
}

type Catalogue = { [N in TWebhookEvent]: PublicShape<N> };

const enrolment = (p: {
  courseId: number;
  userId: number;
  enrolmentId: number;
}): Record<string, unknown> => ({
  course_id: p.courseId,
  user_id: p.userId,
  enrolment_id: p.enrolmentId,
});
const org = (p: { organisationId: number }) => p.organisationId;

export const WEBHOOK_CATALOGUE: Catalogue = {
  'course.published': {
    organisationId: org,
    data: (p) => ({ course_id: p.courseId, published_by: p.publishedBy }),
  },
  'course.completed': {
    organisationId: org,
    data: (p) => ({ ...enrolment(p), completed_at: p.completedAt }),
  },
  'enrolment.requested': { organisationId: org, data: enrolment },
  'enrolment.approved': {
    organisationId: org,
    data: (p) => ({ ...enrolment(p), decided_by: p.decidedBy }),
  },
  'enrolment.rejected': {
    organisationId: org,
    data: (p) => ({ ...enrolment(p), decided_by: p.decidedBy }),
  },
  'enrolment.assigned': {
    organisationId: org,
    data: (p) => ({ course_id: p.courseId, user_ids: p.userIds, assigned_by: p.assignedBy }),
  },
  'enrolment.unassigned': {
    organisationId: org,
    data: (p) => ({ course_id: p.courseId, user_ids: p.userIds, unassigned_by: p.unassignedBy }),
  },
  'learning_path.completed': {
    organisationId: org,
    data: (p) => ({
      path_id: p.pathId,
      user_id: p.userId,
      completed_at: p.completedAt,
      cycle: p.cycle,
    }),
  },
  'user.approved': {
    organisationId: org,
    data: (p) => ({ user_id: p.userId, approved_by: p.approvedBy }),
  },
  'member.removed': {
    organisationId: org,
    data: (p) => ({ user_id: p.userId, removed_by: p.removedBy }),
  },
};

/** The document a receiver gets: the same envelope for every event. */
export function webhookBody(
  event: string,
  organisationId: number,
  occurredAt: Date,
  data: Record<string, unknown>,
  eventId: number | null,
): Record<string, unknown> {
  return {
    event,
    event_id: eventId,
    organisation_id: organisationId,
    occurred_at: occurredAt.toISOString(),
    data,
  };
}
