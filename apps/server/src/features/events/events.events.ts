/**
 * Domain events of the event engine. The slice's own subscribers send the invitations
 * (iCalendar); the notifications slice tells people; the CPD slice credits `event.attended`.
 */

/** What happened to an enrolment, as its user hears it. */
export type EventEnrolmentChange = 'enrolled' | 'requested' | 'cancelled' | 'rejected';

declare module '../../core/events/event-bus.ts' {
  interface DomainEvents {
    /** A user's enrolment changed state (the invitation and the notification follow it). */
    'event.enrolment_changed': {
      enrolmentId: number;
      eventId: number;
      userId: number;
      organisationId: number;
      change: EventEnrolmentChange;
      /** Who made the change (null: the approval flow without a decider). */
      actorId: number | null;
    };
    /** An event's time, place or rule changed, or it was cancelled (the enrolled are told). */
    'event.changed': {
      eventId: number;
      organisationId: number;
      change: 'updated' | 'cancelled';
      actorId: number | null;
      /** Cancelled: the enrolments the cancellation ended (they get a CANCEL and are told). */
      cancelledEnrolmentIds: number[];
    };
    /**
     * A user attended an occurrence of an event: published when the attendance row is written, so
     * marking twice raises it once, while a mark undone and made again raises it again. The CPD
     * slice credits it once all the same, under the source key `event:<eventId>@<occurrenceStart>`.
     */
    'event.attended': {
      eventId: number;
      organisationId: number;
      userId: number;
      /** The occurrence's start, ISO (UTC). */
      occurrenceStart: string;
      /** The event's CPD value per occurrence ("1.50"), null when it carries none. */
      cpdValue: string | null;
      cpdUnit: 'hours' | 'points' | null;
      cpdCategoryId: number | null;
      title: string;
      /** Enrolled through cpd_event_enroll/ (for CPD credit). */
      forCpd: boolean;
    };
  }
}
