import type { TPointRuleKey } from '@atrium/contract';

/**
 * Domain events of gamification. `points.awarded` is for what hangs on points later (badges for
 * "reached N points", achievement posts); `level.reached` tells the notifications slice.
 */

declare module '../../core/events/event-bus.ts' {
  interface DomainEvents {
    /** One ledger entry written (each source once per person and rule). */
    'points.awarded': {
      entryId: number;
      organisationId: number;
      userId: number;
      rule: TPointRuleKey;
      sourceKey: string;
      points: number;
      /** The person's all-time points in the organisation after the award. */
      total: number;
    };
    /** An award took the person to a higher level than they had. */
    'level.reached': {
      organisationId: number;
      userId: number;
      levelId: number;
      levelName: string;
      minPoints: number;
    };
  }
}
