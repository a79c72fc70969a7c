import { describe, expect, it } from 'vitest';
import { rowsOf } from '../../../test/policy-table.ts';
import { canReview, canSeeOwnScore } from './plagiarism.policy.ts';

/*
 * Plagiarism's rules over role × ownership × organisation: checks are reviewed by the course's
 * managers (admins of its organisation, its author trainer, superadmins); a learner sees their own
 * score, in their organisation, when the assignment shows it.
 */

const REVIEW = {
  'superadmin own same org': true,
  'superadmin own other org': true,
  "superadmin other's same org": true,
  "superadmin other's other org": true,
  'admin own same org': true,
  'admin own other org': false,
  "admin other's same org": true,
  "admin other's other org": false,
  'trainer own same org': true,
  'trainer own other org': false,
  "trainer other's same org": false,
  "trainer other's other org": false,
  'learner own same org': false,
  'learner own other org': false,
  "learner other's same org": false,
  "learner other's other org": false,
};

const OWN_SCORE = Object.fromEntries(
  Object.keys(REVIEW).map((name) => [name, name.includes(' own same org')]),
) as Record<string, boolean>;

describe('plagiarism policy', () => {
  it.each(rowsOf(REVIEW).map(([c, row]) => [c.name, c, row] as const))(
    'review checks of a course (owner = its author): %s',
    (_n, c, row) => {
      const course = {
        organisationId: c.organisationId,
        createdBy: c.ownerId,
        status: 'published',
        visibility: 'organisation',
        selfEnrol: false,
      } as const;
      expect(canReview(c.actor, course)).toBe(row);
    },
  );

  it.each(rowsOf(OWN_SCORE).map(([c, row]) => [c.name, c, row] as const))(
    'see a submission’s score when shown (owner = its learner): %s',
    (_n, c, row) => {
      const sub = { userId: c.ownerId, organisationId: c.organisationId };
      expect(canSeeOwnScore(c.actor, sub, { showLearners: true })).toBe(row);
      expect(canSeeOwnScore(c.actor, sub, { showLearners: false })).toBe(false);
    },
  );
});
