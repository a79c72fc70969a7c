import {
  adminApprovalMessage,
  canChangeCourse,
  ITEM_STATUSES,
  isEditable,
  ROLE,
  type TCourseChange,
  type TItemStatus,
  widensVisibility,
} from '@atrium/contract';
import { describe, expect, it } from 'vitest';

/*
 * The publication rule (issue 11, finding 6) over every role × status × change
 * kind: widening the visibility of, or adding content to, a reviewed course
 * (approved or published) goes past the admin's review, so only admins may;
 * everything else is the spec §4 editability rule unchanged.
 */
const { SUPERADMIN, ADMIN, TRAINER, LEARNER } = ROLE;
const TABLE: [TItemStatus, number, TCourseChange, boolean][] = [
  // Drafts and pending courses: the author works on them; nothing is reviewed yet.
  ['draft', SUPERADMIN, 'widen_visibility', true],
  ['draft', ADMIN, 'add_content', true],
  ['draft', TRAINER, 'edit', true],
  ['draft', TRAINER, 'widen_visibility', true],
  ['draft', TRAINER, 'add_content', true],
  ['draft', LEARNER, 'edit', false],
  ['draft', LEARNER, 'add_content', false],
  ['pending', TRAINER, 'widen_visibility', true],
  ['pending', TRAINER, 'add_content', true],
  ['pending', ADMIN, 'widen_visibility', true],
  // Published: the trainer still edits, but widening and new content are the admin's.
  ['published', SUPERADMIN, 'edit', true],
  ['published', SUPERADMIN, 'widen_visibility', true],
  ['published', SUPERADMIN, 'add_content', true],
  ['published', ADMIN, 'edit', true],
  ['published', ADMIN, 'widen_visibility', true],
  ['published', ADMIN, 'add_content', true],
  ['published', TRAINER, 'edit', true],
  ['published', TRAINER, 'widen_visibility', false],
  ['published', TRAINER, 'add_content', false],
  ['published', LEARNER, 'edit', false],
  ['published', LEARNER, 'widen_visibility', false],
  ['published', LEARNER, 'add_content', false],
  // Approved: spec §4 lets only trainers edit it, and the review still binds them.
  ['approved', TRAINER, 'edit', true],
  ['approved', TRAINER, 'widen_visibility', false],
  ['approved', TRAINER, 'add_content', false],
  ['approved', ADMIN, 'widen_visibility', false],
  ['approved', ADMIN, 'add_content', false],
];

describe('publication rule: who may widen or add content', () => {
  it.each(TABLE)('%s course, role %i, %s → %s', (status, role, change, expected) => {
    expect(canChangeCourse(status, role, change)).toBe(expected);
  });

  it("an 'edit' is exactly the editability rule, for every status and role", () => {
    for (const status of ITEM_STATUSES)
      for (const role of [1, 2, 3, 4, 5])
        expect(canChangeCourse(status, role, 'edit')).toBe(isEditable(status, role));
  });

  it('widening means showing the course to more people', () => {
    expect(widensVisibility('organisation', 'catalogue')).toBe(true);
    expect(widensVisibility('catalogue', 'organisation')).toBe(false);
    expect(widensVisibility('catalogue', 'catalogue')).toBe(false);
    expect(widensVisibility('organisation', 'organisation')).toBe(false);
  });

  it('explains the refusal with the status', () => {
    expect(adminApprovalMessage('published', 'widen_visibility')).toMatch(
      /^This course is published: an admin must approve widening its visibility/,
    );
    expect(adminApprovalMessage('published', 'add_content')).toMatch(/an admin must approve new/);
  });
});
