import { describe, expect, it } from 'vitest';
import { actor, CASES, ME, SOMEONE_ELSE } from '../../../test/policy-table.ts';
import { learnerReportAccess, reportScope } from './reports.policy.ts';

describe('report/list scope per role', () => {
  it.each([
    ['superadmin', 'organisation'],
    ['admin', 'organisation'],
    ['trainer', 'authored_or_reviewed'],
    ['learner', 'none'],
  ] as const)('%s → %s', (role, scope) => {
    expect(reportScope(actor(role))).toBe(scope);
  });
});

/**
 * learner/report: "own" is the caller's own report, "other's" someone else's; "same org" means
 * the named user is a member of the caller's organisation.
 */
const ACCESS: Record<string, ReturnType<typeof learnerReportAccess>> = {
  'superadmin own same org': 'allowed',
  'superadmin own other org': 'allowed',
  "superadmin other's same org": 'allowed',
  "superadmin other's other org": 'not_found',
  'admin own same org': 'allowed',
  'admin own other org': 'allowed',
  "admin other's same org": 'allowed',
  "admin other's other org": 'not_found',
  'trainer own same org': 'allowed',
  'trainer own other org': 'allowed',
  "trainer other's same org": 'allowed',
  "trainer other's other org": 'not_found',
  'learner own same org': 'allowed',
  'learner own other org': 'allowed',
  // A learner learns nothing about other users, not even whether they exist.
  "learner other's same org": 'forbidden',
  "learner other's other org": 'forbidden',
};

describe('learner/report access', () => {
  it.each(CASES.map((c) => [c.name, c] as const))('%s', (name, c) => {
    const target = c.own ? ME : SOMEONE_ELSE;
    expect(learnerReportAccess(c.actor, target, c.sameOrg)).toBe(ACCESS[name]);
  });
});
