import { describe, expect, it } from 'vitest';
import { rowsOf } from '../../../test/policy-table.ts';
import {
  canManageCompetencies,
  canReadFrameworks,
  canRecordEvidence,
  canSeeProfileOf,
} from './competencies.policy.ts';

/*
 * Competencies' rules over role × ownership × organisation. Frameworks are the organisation's
 * (superadmins read any); admins write them; evidence by hand is its admins' and trainers', for
 * someone else; a profile is its owner's and their organisation's admins' and trainers'.
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

const READ = table((role, _own, same) => same || role === 'superadmin');
const MANAGE = table((role, _own, same) => role === 'superadmin' || (role === 'admin' && same));
const RECORD = table(
  (role, own, same) =>
    !own && (role === 'superadmin' || ((role === 'admin' || role === 'trainer') && same)),
);
const PROFILE = table(
  (role, own, same) =>
    role === 'superadmin' || ((role === 'admin' || role === 'trainer') && same) || (own && same),
);

describe('competencies policy', () => {
  it.each(rowsOf(READ).map(([c, row]) => [c.name, c, row] as const))(
    'read frameworks, thresholds and links: %s',
    (_n, c, row) => {
      expect(canReadFrameworks(c.actor, c.organisationId)).toBe(row);
    },
  );
  it.each(rowsOf(MANAGE).map(([c, row]) => [c.name, c, row] as const))(
    'write frameworks, thresholds, links; see gaps: %s',
    (_n, c, row) => {
      expect(canManageCompetencies(c.actor, c.organisationId)).toBe(row);
    },
  );
  it.each(rowsOf(RECORD).map(([c, row]) => [c.name, c, row] as const))(
    'record evidence by hand for a person: %s',
    (_n, c, row) => {
      expect(
        canRecordEvidence(c.actor, { userId: c.ownerId, organisationId: c.organisationId }),
      ).toBe(row);
    },
  );
  it.each(rowsOf(PROFILE).map(([c, row]) => [c.name, c, row] as const))(
    'see a person’s competency profile: %s',
    (_n, c, row) => {
      expect(
        canSeeProfileOf(c.actor, { userId: c.ownerId, organisationId: c.organisationId }),
      ).toBe(row);
    },
  );
});
