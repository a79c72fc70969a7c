import { describe, expect, it } from 'vitest';
import { rowsOf } from '../../../test/policy-table.ts';
import { canSeeImage } from './images.policy.ts';

// Members of the image's organisation, every role; nobody from another (not a superadmin either).
const SEE: Record<string, boolean> = {
  'superadmin own same org': true,
  "superadmin other's same org": true,
  'superadmin own other org': false,
  "superadmin other's other org": false,
  'admin own same org': true,
  "admin other's same org": true,
  'admin own other org': false,
  "admin other's other org": false,
  'trainer own same org': true,
  "trainer other's same org": true,
  'trainer own other org': false,
  "trainer other's other org": false,
  'learner own same org': true,
  "learner other's same org": true,
  'learner own other org': false,
  "learner other's other org": false,
};

describe('canSeeImage', () => {
  it.each(rowsOf(SEE).map(([c, row]) => [c.name, c, row] as const))('%s', (_n, c, row) => {
    expect(canSeeImage(c.actor, { organisationId: c.organisationId })).toBe(row);
  });
});
