import type { TestApp } from '../app.ts';
import type { Staff } from '../auth.ts';
import { makeBadge, makeBadgeAward } from '../factories/badges.ts';
import type { IdCall } from './calls.ts';

/**
 * Badges in the cross-organisation test (see calls.ts): two of acme's badges (one a PATCH changes
 * and the award call gives, a spare the delete control removes) and an award to acme's learner
 * that the revoke control takes back. The gallery is read by the person's id, the awards list by
 * org_id.
 */
export interface BadgeObjects {
  badge: number;
  spareBadge: number;
  badgeAward: number;
}

export async function makeBadgeObjects(t: TestApp, acme: Staff): Promise<BadgeObjects> {
  const db = t.database.db;
  const badge = await makeBadge(db, { organisationId: acme.org.id, name: 'Cross badge' });
  const spare = await makeBadge(db, { organisationId: acme.org.id, name: 'Spare badge' });
  const award = await makeBadgeAward(db, badge, acme.learner.user.id);
  return { badge: badge.id, spareBadge: spare.id, badgeAward: award.id };
}

export const BADGE_CALLS: Record<string, IdCall> = {
  'PATCH /api/gamification/update-badge/:id/': {
    params: (f) => ({ id: f.badge }),
    body: () => ({ name: 'Planted badge' }),
  },
  'DELETE /api/gamification/update-badge/:id/': { params: (f) => ({ id: f.spareBadge }) },
  'POST /api/gamification/update-badge/:id/award/': {
    params: (f) => ({ id: f.badge }),
    body: (f) => ({ user_ids: [f.learner] }),
  },
  'POST /api/gamification/user-badge-list/:id/revoke/': {
    params: (f) => ({ id: f.badgeAward }),
    body: () => ({ reason: 'Planted' }),
  },
  'GET /api/gamification/user-badges/:id/': { params: (f) => ({ id: f.learner }) },
};

export const BADGE_BODY_CALLS: Record<string, IdCall> = {
  'GET /api/gamification/user-badge-list/': {
    params: () => ({}),
    query: (f) => `?org_id=${f.org}`,
  },
};
