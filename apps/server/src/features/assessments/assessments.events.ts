/**
 * Domain events of assessments (issue 16). The notifications slice tells learners and reviewers;
 * points, certificates and competencies will follow `assessment.graded` / `assessment.passed`;
 * proctoring (issue 17) follows `assessment.started`.
 */

declare module '../../core/events/event-bus.ts' {
  interface DomainEvents {
    /** Learners newly assigned (one by one, or as members of a department). */
    'assessment.assigned': {
      assessmentId: number;
      organisationId: number;
      userIds: number[];
      assignedBy: number | null;
    };
    /** An attempt began (not a resume). */
    'assessment.started': {
      assessmentId: number;
      attemptId: number;
      userId: number;
      organisationId: number;
      proctored: boolean;
    };
    /** An attempt was submitted, by its learner or by the time-out job. */
    'assessment.submitted': {
      assessmentId: number;
      attemptId: number;
      userId: number;
      organisationId: number;
      by: 'learner' | 'timeout' | 'staff';
      /** Answers that now wait for a reviewer (0: graded at once). */
      pendingManual: number;
      /** Whether the assessment is proctored (the proctoring slice ends its session). */
      proctored?: boolean;
    };
    /** Every answer of the attempt is scored: its result is final (also after a regrade). */
    'assessment.graded': {
      assessmentId: number;
      attemptId: number;
      userId: number;
      organisationId: number;
      courseId: number | null;
      score: number;
      maxScore: number;
      percent: number;
      passed: boolean;
      /** ISO time. */
      gradedAt: string;
      regrade: boolean;
    };
    /** The attempt reached the pass mark (published with `assessment.graded`, once per attempt). */
    'assessment.passed': {
      assessmentId: number;
      attemptId: number;
      userId: number;
      organisationId: number;
      courseId: number | null;
      percent: number;
    };
  }
}

export {};
