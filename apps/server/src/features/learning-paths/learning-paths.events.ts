/**
 * Domain events of learning-path enrolment and progress. The slice's own subscribers follow
 * `learning_path.enrolled` (progress and course enrolments); the notifications slice tells the
 * learners; certificates and CPD will follow `learning_path.completed`.
 */

/** How learners came to be enrolled (the notification differs: nobody is told of their own join). */
export type PathEnrolmentReason =
  | 'assigned'
  | 'department'
  | 'designation'
  | 'self'
  | 'request'
  | 'recertification';

/** Learners whose reminder of one kind is due, for one path and one due date. */
export interface PathReminderEvent {
  pathId: number;
  organisationId: number;
  userIds: number[];
  /** ISO time: the due date the reminder is about. */
  dueAt: string;
}

declare module '../../core/events/event-bus.ts' {
  interface DomainEvents {
    /** Learners now enrolled in the path (only those newly enrolled, or re-enrolled). */
    'learning_path.enrolled': {
      pathId: number;
      organisationId: number;
      userIds: number[];
      /** The manager or approver; null for the sync job and recertification. */
      assignedBy: number | null;
      reason: PathEnrolmentReason;
    };
    /** Published once per enrolment and cycle, when every required unit of the path is complete. */
    'learning_path.completed': {
      pathId: number;
      userId: number;
      organisationId: number;
      enrolmentId: number;
      /** ISO time. */
      completedAt: string;
      /** 0 for the first completion, n after the n-th recertification. */
      cycle: number;
    };
    /** A manager's message to the path's learners (learning-path-notification/). */
    'learning_path.message': {
      pathId: number;
      organisationId: number;
      sentBy: number;
      subject: string;
      message: string;
      userIds: number[];
    };
    /** The due date is within the path's due_soon_days. */
    'learning_path.due_soon': PathReminderEvent;
    /** The due date passed with the path incomplete. */
    'learning_path.overdue': PathReminderEvent;
  }
}
