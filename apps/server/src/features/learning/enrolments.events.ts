/** Domain events of course enrolment and progress; the approval flow, notifications and CPD react to them. */
interface EnrolmentEvent {
  enrolmentId: number;
  courseId: number;
  userId: number;
  organisationId: number;
}

declare module '../../core/events/event-bus.ts' {
  interface DomainEvents {
    /** A learner asked to join a self-enrol course; an approver must decide. */
    'enrolment.requested': EnrolmentEvent;
    'enrolment.approved': EnrolmentEvent & { decidedBy: number };
    'enrolment.rejected': EnrolmentEvent & { decidedBy: number; reason?: string };
    /** The requester took their pending request back. */
    'enrolment.withdrawn': EnrolmentEvent;
    /** A manager enrolled learners directly. */
    'enrolment.assigned': {
      courseId: number;
      organisationId: number;
      userIds: number[];
      assignedBy: number;
    };
    /** A manager removed learners (only those actually removed; completions are kept). */
    'enrolment.unassigned': {
      courseId: number;
      organisationId: number;
      userIds: number[];
      unassignedBy: number;
    };
    /** Published once per enrolment, when every required file is completed (or a manager marks it). */
    'course.completed': EnrolmentEvent & { completedAt: string };
    /**
     * A learner completed a module file for the first time in an enrolment (a later report of
     * the same file raises nothing): gamification's points.
     */
    'module_file.completed': EnrolmentEvent & { moduleFileId: number; completedAt: string };
  }
}

export type { EnrolmentEvent };
