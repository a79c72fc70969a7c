import { describe, expect, it } from 'vitest';
import { actor, rowsOf } from '../../../test/policy-table.ts';
import {
  canCompareOrganisations,
  canManageGamification,
  canReadBoard,
  canSeePointsOf,
  showsNameOf,
} from './gamification.policy.ts';

/*
 * Gamification's rules over role × ownership × organisation. Boards and levels belong to the
 * organisation (superadmins read any); rules, levels and everyone's points are its admins'; a
 * person's detail is theirs or their organisation's admins'.
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

/** The organisation's board: its members; superadmins anywhere. */
const BOARD = table((role, _own, same) => same || role === 'superadmin');
/** Rules, levels, everyone's points: the organisation's admins, superadmins anywhere. */
const MANAGE = table((role, _own, same) => role === 'superadmin' || (role === 'admin' && same));
/** A person's points: themself in the organisation, or its admins (superadmins anywhere). */
const DETAIL = table(
  (role, own, same) => role === 'superadmin' || (role === 'admin' && same) || (own && same),
);

describe('gamification policy', () => {
  it.each(rowsOf(BOARD).map(([c, row]) => [c.name, c, row] as const))(
    'read the board and levels: %s',
    (_n, c, row) => {
      expect(canReadBoard(c.actor, c.organisationId)).toBe(row);
    },
  );
  it.each(rowsOf(MANAGE).map(([c, row]) => [c.name, c, row] as const))(
    'manage rules and levels, see everyone’s points: %s',
    (_n, c, row) => {
      expect(canManageGamification(c.actor, c.organisationId)).toBe(row);
    },
  );
  it.each(rowsOf(DETAIL).map(([c, row]) => [c.name, c, row] as const))(
    'see a person’s points and ledger: %s',
    (_n, c, row) => {
      expect(canSeePointsOf(c.actor, { userId: c.ownerId, organisationId: c.organisationId })).toBe(
        row,
      );
    },
  );
  it('only superadmins compare organisations', () => {
    expect(canCompareOrganisations(actor('superadmin'))).toBe(true);
    for (const role of ['admin', 'trainer', 'learner'] as const)
      expect(canCompareOrganisations(actor(role))).toBe(false);
  });
  it('an opted-out person is anonymous to everyone but themself, admins included', () => {
    const me = actor('learner');
    expect(showsNameOf(me, { userId: me.userId, listed: false })).toBe(true);
    expect(showsNameOf(me, { userId: 999, listed: false })).toBe(false);
    expect(showsNameOf(actor('admin'), { userId: 999, listed: false })).toBe(false);
    expect(showsNameOf(actor('admin'), { userId: 999, listed: true })).toBe(true);
  });
});
