import { describe, expect, it } from 'vitest';
import { rowsOf } from '../../../test/policy-table.ts';
import { canEditScene, canSeeScene } from './xr.policy.ts';

// The organisation's admins and trainers, whoever made the scene; superadmins everywhere;
// learners never (they meet scenes only in the course player); nobody of another organisation.
const STUDIO: Record<string, boolean> = {
  'superadmin own same org': true,
  "superadmin other's same org": true,
  'superadmin own other org': true,
  "superadmin other's other org": true,
  'admin own same org': true,
  "admin other's same org": true,
  'admin own other org': false,
  "admin other's other org": false,
  'trainer own same org': true,
  "trainer other's same org": true,
  'trainer own other org': false,
  "trainer other's other org": false,
  'learner own same org': false,
  "learner other's same org": false,
  'learner own other org': false,
  "learner other's other org": false,
};

describe.each([
  ['canSeeScene', canSeeScene],
  ['canEditScene', canEditScene],
] as const)('%s', (_name, rule) => {
  it.each(rowsOf(STUDIO).map(([c, row]) => [c.name, c, row] as const))('%s', (_n, c, row) => {
    expect(rule(c.actor, { organisationId: c.organisationId })).toBe(row);
  });
});
