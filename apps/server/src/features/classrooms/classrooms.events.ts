/**
 * Domain events of classrooms. The slice's own subscribers send the invitations (iCalendar) and
 * promote the waitlist; the notifications slice tells people; points, certificates and CPD
 * follow `session.attended` and `classroom.completed`.
 */

/** What happened to a booking, as its learner hears it. */
export type BookingChange =
  | 'booked'
  | 'waitlisted'
  | 'requested'
  | 'promoted'
  | 'cancelled'
  | 'rejected';

declare module '../../core/events/event-bus.ts' {
  interface DomainEvents {
    /** A classroom went live (an admin published it, or the approval flow approved it). */
    'classroom.published': {
      classroomId: number;
      organisationId: number;
      publishedBy: number | null;
    };
    /** A learner's booking changed state (the invitation and the notification follow it). */
    'classroom.booking_changed': {
      bookingId: number;
      sessionId: number;
      userId: number;
      organisationId: number;
      change: BookingChange;
      /** Who made the change (null: a job, such as waitlist promotion or the cut-off). */
      actorId: number | null;
    };
    /** A session's time, place or trainers changed, or it was cancelled (the learners are told). */
    'classroom.session_changed': {
      sessionId: number;
      organisationId: number;
      change: 'updated' | 'cancelled';
      /** manager: someone cancelled or edited it; minimum: below its minimum size at the cut-off. */
      reason: 'manager' | 'minimum';
      actorId: number | null;
    };
    /** A seat freed up in a session (a cancellation, a raised capacity): the waitlist moves. */
    'classroom.seat_freed': { sessionId: number; organisationId: number };
    /** Attendance was recorded for a learner (present or late: they attended). */
    'session.attended': {
      sessionId: number;
      classId: number;
      userId: number;
      organisationId: number;
      mark: 'present' | 'late';
    };
    /** A learner completed a class by its attendance rule (published once per class and learner). */
    'classroom.completed': {
      classId: number;
      classroomId: number;
      userId: number;
      organisationId: number;
      /** ISO time. */
      completedAt: string;
    };
  }
}

declare module '../../core/events/event-bus.ts' {
  interface DomainEvents {
    /**
     * Learners' attendance of a session changed without a first `session.attended` (a mark
     * corrected: attended → absent, or back): the completion rule counts again.
     */
    'classroom.attendance_changed': {
      sessionId: number;
      classId: number;
      organisationId: number;
      userIds: number[];
    };
  }
}
