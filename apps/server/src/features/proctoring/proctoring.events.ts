/**
 * Domain events of proctoring (issue 17). Proctoring reacts to `assessment.started` and
 * `assessment.submitted`; assessments react to `proctoring.decided` (a violation voids the
 * result) and to `proctoring.over_budget` when auto-submit is on; notifications tell the proctors.
 */

declare module '../../core/events/event-bus.ts' {
  interface DomainEvents {
    /** The device (or the server, for `monitoring_stopped`) raised a flag. */
    'proctoring.flagged': {
      sessionId: number;
      flagId: number;
      assessmentId: number;
      attemptId: number;
      userId: number;
      organisationId: number;
      type: string;
    };
    /** The attempt's flags (not dismissed) first exceeded the assessment's violation budget. */
    'proctoring.over_budget': {
      sessionId: number;
      assessmentId: number;
      attemptId: number;
      userId: number;
      organisationId: number;
      flags: number;
      budget: number;
      autoSubmit: boolean;
    };
    /** A proctor decided the attempt (or changed the decision). */
    'proctoring.decided': {
      sessionId: number;
      assessmentId: number;
      attemptId: number;
      userId: number;
      organisationId: number;
      outcome: 'clear' | 'suspicious' | 'violation';
      previous: 'clear' | 'suspicious' | 'violation' | null;
      decidedBy: number;
    };
  }
}

export {};
