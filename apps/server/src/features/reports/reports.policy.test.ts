import { describe, expect, it } from 'vitest';
import { actor, HOME_ORG, ME, OTHER_ORG, rowsOf } from '../../../test/policy-table.ts';
import {
  coversCourse,
  coversPerson,
  mayFilterByStructure,
  mayReport,
  reportScopeOf,
} from './reports.policy.ts';

/*
 * Reports over role × ownership × organisation, the caller asking for no organisation (their
 * default scope). "own" is a course the caller wrote / a learner enrolled in one of them; "other
 * org" moves the course or the learner to another organisation. Columns: may report ·
 * covers the course · covers the learner · may filter by a department of that organisation.
 */
type Row = [boolean, boolean, boolean, boolean];
const T = true;
const F = false;

const TABLE: Record<string, Row> = {
  'superadmin own same org': [T, T, T, T],
  "superadmin other's same org": [T, T, T, T],
  'superadmin own other org': [T, T, T, T],
  "superadmin other's other org": [T, T, T, T],
  'admin own same org': [T, T, T, T],
  "admin other's same org": [T, T, T, T],
  'admin own other org': [T, F, F, F],
  "admin other's other org": [T, F, F, F],
  'trainer own same org': [T, T, T, T],
  "trainer other's same org": [T, F, F, T],
  'trainer own other org': [T, F, F, F],
  "trainer other's other org": [T, F, F, F],
  'learner own same org': [F, F, F, F],
  "learner other's same org": [F, F, F, F],
  'learner own other org': [F, F, F, F],
  "learner other's other org": [F, F, F, F],
};

describe('reports policy', () => {
  it.each(rowsOf(TABLE).map(([c, row]) => [c.name, c, row] as const))('%s', (_n, c, row) => {
    const [report, course, person, structure] = row;
    expect(mayReport(c.actor)).toBe(report);
    const scope = reportScopeOf(c.actor, undefined);
    expect(scope !== null).toBe(report);
    if (!scope) return;
    expect(coversCourse(scope, { organisationId: c.organisationId, createdBy: c.ownerId })).toBe(
      course,
    );
    expect(
      coversPerson(scope, {
        userId: c.ownerId,
        organisationIds: [c.organisationId],
        enrolledWithAuthors: [c.ownerId],
      }),
    ).toBe(person);
    expect(mayFilterByStructure(scope, c.organisationId)).toBe(structure);
  });

  it('lets only a superadmin name another organisation', () => {
    expect(reportScopeOf(actor('superadmin'), OTHER_ORG)).toEqual({
      kind: 'organisation',
      organisationId: OTHER_ORG,
    });
    expect(reportScopeOf(actor('superadmin'), undefined)).toEqual({ kind: 'all' });
    expect(reportScopeOf(actor('admin'), OTHER_ORG)).toBeNull();
    expect(reportScopeOf(actor('trainer'), OTHER_ORG)).toBeNull();
    // Naming one's own organisation changes nothing.
    expect(reportScopeOf(actor('admin'), HOME_ORG)).toEqual({
      kind: 'organisation',
      organisationId: HOME_ORG,
    });
    expect(reportScopeOf(actor('trainer'), HOME_ORG)).toEqual({
      kind: 'author',
      organisationId: HOME_ORG,
      userId: ME,
    });
  });

  it("holds a learner's mailed or exported report to their own figures (ownFigures)", () => {
    const learner = actor('learner');
    expect(reportScopeOf(learner, undefined)).toBeNull();
    const own = reportScopeOf(learner, undefined, { ownFigures: true });
    expect(own).toEqual({ kind: 'self', organisationId: HOME_ORG, userId: ME });
    expect(reportScopeOf(learner, OTHER_ORG, { ownFigures: true })).toBeNull();
    if (!own) return;
    const person = (userId: number, organisationId = HOME_ORG) => ({
      userId,
      organisationIds: [organisationId],
      enrolledWithAuthors: [],
    });
    expect(coversPerson(own, person(ME))).toBe(true);
    expect(coversPerson(own, person(ME + 1))).toBe(false);
    expect(coversPerson(own, person(ME, OTHER_ORG))).toBe(false);
    expect(coversCourse(own, { organisationId: HOME_ORG, createdBy: ME + 1 })).toBe(true);
    expect(coversCourse(own, { organisationId: OTHER_ORG, createdBy: ME })).toBe(false);
    // Staff keep their own scope: ownFigures only changes what a learner gets.
    expect(reportScopeOf(actor('admin'), undefined, { ownFigures: true })).toEqual({
      kind: 'organisation',
      organisationId: HOME_ORG,
    });
  });

  it('holds a hiring manager to the courses they wrote', () => {
    const hm = { ...actor('trainer'), roleId: 5 as const };
    expect(reportScopeOf(hm, undefined)).toEqual({
      kind: 'author',
      organisationId: HOME_ORG,
      userId: ME,
    });
  });
});
