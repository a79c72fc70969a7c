/**
 * Domain events of badges (fixed with the certificates and credentials slices, issue 21):
 * `badge.awarded` carries what an Open Badges credential states (name, description, criteria in
 * words, image), so the credentials slice issues one without reading this slice's tables.
 */

declare module '../../core/events/event-bus.ts' {
  interface DomainEvents {
    /** A badge given to a person (once per badge and person while not revoked). */
    'badge.awarded': {
      awardId: number;
      badgeId: number;
      organisationId: number;
      userId: number;
      badgeName: string;
      badgeDescription: string;
      criteriaText: string;
      imageUuid: string | null;
      manual: boolean;
      /** ISO time. */
      awardedAt: string;
    };
    /** An award taken back by an admin, with the reason. */
    'badge.revoked': {
      awardId: number;
      badgeId: number;
      organisationId: number;
      userId: number;
      reason: string;
    };
  }
}

declare module '../../core/jobs/queue.ts' {
  interface JobTypes {
    /** A badge created, changed or switched on: award it to people whose facts already meet it. */
    'badges.backfill': { badgeId: number };
  }
}

export {};
