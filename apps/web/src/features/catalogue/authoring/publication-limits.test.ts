import { describe, expect, it } from 'vitest';
import { adminOnlyReason } from './publication-limits.ts';

/** A course as the server answers it: its status and what the caller may change. */
const course = (
  status: 'draft' | 'pending' | 'published',
  may: { edit: boolean; widen: boolean; add: boolean },
) => ({
  status,
  abilities: {
    edit: may.edit,
    delete: may.edit,
    manage: may.edit,
    publish: false,
    submit_for_review: false,
    return_to_draft: false,
    widen_visibility: may.widen,
    add_content: may.add,
    request_enrolment: false,
  },
});
const author = { edit: true, widen: false, add: false };
const anything = { edit: true, widen: true, add: true };

describe('adminOnlyReason (the server publication rule, from the abilities)', () => {
  it('explains to a trainer why a published course cannot be widened or added to', () => {
    expect(adminOnlyReason(course('published', author), 'widen_visibility')).toMatch(
      /^This course is published: an admin must approve widening its visibility/,
    );
    expect(adminOnlyReason(course('published', author), 'add_content')).toMatch(
      /an admin must approve new modules, files and packages/,
    );
  });

  it('lets admins, and trainers on drafts and pending courses, do both', () => {
    for (const change of ['widen_visibility', 'add_content'] as const) {
      expect(adminOnlyReason(course('published', anything), change)).toBeNull();
      expect(adminOnlyReason(course('draft', anything), change)).toBeNull();
      expect(adminOnlyReason(course('pending', anything), change)).toBeNull();
    }
  });

  it('says nothing of a course the caller cannot edit at all (shown read-only)', () => {
    const readOnly = { edit: false, widen: false, add: false };
    expect(adminOnlyReason(course('published', readOnly), 'add_content')).toBeNull();
  });
});
