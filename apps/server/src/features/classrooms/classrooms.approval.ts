import { and, eq } from 'drizzle-orm';
import { defineApprovalKind } from '../../core/approval-kind.ts';
import { recordAudit } from '../../core/audit/audit-log.ts';
import { classrooms } from '../../schema/classrooms.table.ts';

export const CLASSROOM_PUBLICATION = 'classroom_publication';

/**
 * A trainer submits their classroom for publication (draft → pending, publish-classroom); the
 * approval flow decides, and the outcome lands here in the deciding transaction: approved
 * publishes it, anything else (rejected, expired, withdrawn) returns it to draft.
 */
export const classroomPublishApproval = defineApprovalKind({
  kind: CLASSROOM_PUBLICATION,
  label: 'Classroom publication',
  description: 'A trainer submits a classroom for publication before learners can book it.',
  approverTypes: ['department_head', 'any_admin'],
  defaultLevels: [['any_admin']],
  async onClosed(tx, outcome, emit) {
    const now = new Date();
    const to = outcome.status === 'approved' ? 'published' : 'draft';
    const [c] = await tx
      .update(classrooms)
      .set({ status: to, updatedAt: now, ...(to === 'published' ? { publishedAt: now } : {}) })
      .where(and(eq(classrooms.id, outcome.subjectId), eq(classrooms.status, 'pending')))
      .returning({
        id: classrooms.id,
        title: classrooms.title,
        organisationId: classrooms.organisationId,
      });
    // Moved on another way meanwhile (an admin published or withdrew it): nothing to apply.
    if (!c) return;
    await recordAudit(tx, {
      action: 'classroom.status_changed',
      actorId: outcome.actorId,
      organisationId: c.organisationId,
      details: {
        classroom: c.id,
        title: c.title,
        from: 'pending',
        to,
        approval_request: outcome.requestId,
      },
    });
    if (to === 'published') {
      emit('classroom.published', {
        classroomId: c.id,
        organisationId: c.organisationId,
        publishedBy: outcome.actorId ?? outcome.requesterId,
      });
    }
  },
});
