import { describe, expect, it } from 'vitest';
import { actor, rowsOf } from '../../../test/policy-table.ts';
import {
  canManageBadges,
  canSeeBadge,
  canSeeBadges,
  canSeeGalleryOf,
  showsHolderOf,
} from './badges.policy.ts';

/*
 * Badges' rules over role × ownership × organisation: the organisation's members see its badges
 * and awards (superadmins any); its admins manage, award and revoke; a person's gallery is theirs
 * or their admins'.
 */

const table = (rule: (role: string, own: boolean, sameOrg: boolean) => boolean) =>
  Object.fromEntries(
    ['superadmin', 'admin', 'trainer', 'learner'].flatMap((role) =>
      [true, false].flatMap((own) =>
        [true, false].map((same) => [
          `${role} ${own ? 'own' : "other's"} ${same ? 'same' : 'other'} org`,
          rule(role, own, same),
        ]),
      ),
    ),
  ) as Record<string, boolean>;

const SEE = table((role, _own, same) => same || role === 'superadmin');
const MANAGE = table((role, _own, same) => role === 'superadmin' || (role === 'admin' && same));
const GALLERY = table(
  (role, own, same) => role === 'superadmin' || (role === 'admin' && same) || (own && same),
);

describe('badges policy', () => {
  it.each(rowsOf(SEE).map(([c, row]) => [c.name, c, row] as const))(
    'see the badges and awards: %s',
    (_n, c, row) => {
      expect(canSeeBadges(c.actor, c.organisationId)).toBe(row);
      expect(canSeeBadge(c.actor, { organisationId: c.organisationId, active: true })).toBe(row);
    },
  );
  it.each(rowsOf(MANAGE).map(([c, row]) => [c.name, c, row] as const))(
    'manage, award, revoke, see inactive badges: %s',
    (_n, c, row) => {
      expect(canManageBadges(c.actor, c.organisationId)).toBe(row);
      expect(canSeeBadge(c.actor, { organisationId: c.organisationId, active: false })).toBe(row);
    },
  );
  it.each(rowsOf(GALLERY).map(([c, row]) => [c.name, c, row] as const))(
    'see a person’s gallery: %s',
    (_n, c, row) => {
      expect(
        canSeeGalleryOf(c.actor, { userId: c.ownerId, organisationId: c.organisationId }),
      ).toBe(row);
    },
  );
  it('an opted-out holder is anonymous to other members, named to themself and admins', () => {
    const me = actor('learner');
    const org = me.organisationId;
    expect(showsHolderOf(me, { userId: me.userId, organisationId: org, listed: false })).toBe(true);
    expect(showsHolderOf(me, { userId: 999, organisationId: org, listed: false })).toBe(false);
    expect(showsHolderOf(me, { userId: 999, organisationId: org, listed: true })).toBe(true);
    const admin = actor('admin');
    expect(
      showsHolderOf(admin, { userId: 999, organisationId: admin.organisationId, listed: false }),
    ).toBe(true);
  });
});
