/**
 * Domain events and jobs of certificates (events.md of issue 21: the credentials slice turns them
 * into Open Badges 3.0 credentials; the notifications slice tells the learner).
 */

declare module '../../core/events/event-bus.ts' {
  interface DomainEvents {
    /** A certificate was issued (once per organisation, person, achievement and cycle). */
    'certificate.issued': {
      certificateId: number;
      organisationId: number;
      userId: number;
      code: string;
      achievementKind: 'course' | 'learning_path' | 'assessment' | 'classroom';
      achievementId: number;
      achievementName: string;
      learnerName: string;
      issuedAt: string;
      expiresAt: string | null;
    };
    /** An admin revoked it (the reason shows on the verification page). */
    'certificate.revoked': {
      certificateId: number;
      organisationId: number;
      userId: number;
      reason: string;
    };
  }
}

declare module '../../core/jobs/queue.ts' {
  interface JobTypes {
    /** Draws and stores an issued certificate's PDF (skipped when it has one). */
    'certificates.render': { certificateId: number };
  }
}

export {};
