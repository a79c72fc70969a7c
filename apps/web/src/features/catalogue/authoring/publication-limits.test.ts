import { ROLE } from '@atrium/contract';
import { describe, expect, it } from 'vitest';
import { adminOnlyReason } from './publication-limits.ts';

const course = (status: 'draft' | 'pending' | 'published', canEdit = true) => ({
  status,
  can_edit: canEdit,
});

describe('adminOnlyReason (the server publication rule, from the contract)', () => {
  it('explains to a trainer why a published course cannot be widened or added to', () => {
    expect(adminOnlyReason(course('published'), ROLE.TRAINER, 'widen_visibility')).toMatch(
      /^This course is published: an admin must approve widening its visibility/,
    );
    expect(adminOnlyReason(course('published'), ROLE.TRAINER, 'add_content')).toMatch(
      /an admin must approve new modules, files and packages/,
    );
  });

  it('lets admins, and trainers on drafts and pending courses, do both', () => {
    for (const change of ['widen_visibility', 'add_content'] as const) {
      expect(adminOnlyReason(course('published'), ROLE.ADMIN, change)).toBeNull();
      expect(adminOnlyReason(course('published'), ROLE.SUPERADMIN, change)).toBeNull();
      expect(adminOnlyReason(course('draft'), ROLE.TRAINER, change)).toBeNull();
      expect(adminOnlyReason(course('pending'), ROLE.TRAINER, change)).toBeNull();
    }
  });

  it('says nothing of a course the caller cannot edit at all (shown read-only)', () => {
    expect(adminOnlyReason(course('published', false), ROLE.TRAINER, 'add_content')).toBeNull();
  });
});
