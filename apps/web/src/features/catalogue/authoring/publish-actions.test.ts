import type { TCourseAbilities, TItemStatus } from '@atrium/contract';
import { describe, expect, it } from 'vitest';
import { publishActions } from './publish-actions.ts';

const NONE: TCourseAbilities = {
  edit: false,
  delete: false,
  manage: false,
  publish: false,
  submit_for_review: false,
  return_to_draft: false,
  widen_visibility: false,
  add_content: false,
  request_enrolment: false,
};

/** The status moves the server answers in abilities (catalogue.policy statusTargets). */
const moves = (status: TItemStatus, to: ('published' | 'pending' | 'draft')[]) => ({
  status,
  abilities: {
    ...NONE,
    manage: to.length > 0,
    publish: to.includes('published'),
    submit_for_review: to.includes('pending'),
    return_to_draft: to.includes('draft'),
  },
});

const targets = (course: ReturnType<typeof moves>) =>
  publishActions(course).map((action) => action.target);
const labels = (course: ReturnType<typeof moves>) =>
  publishActions(course).map((action) => action.label);

describe('publish actions (from the status moves the server allows)', () => {
  it('lets admins publish, unpublish and send back', () => {
    // An admin may move a course to any other status.
    expect(targets(moves('draft', ['pending', 'published']))).toEqual(['published']);
    expect(targets(moves('pending', ['published', 'draft']))).toEqual(['published', 'draft']);
    expect(targets(moves('published', ['pending', 'draft']))).toEqual(['draft']);
    expect(labels(moves('published', ['pending', 'draft']))).toEqual(['Unpublish']);
    expect(labels(moves('pending', ['published', 'draft']))).toEqual(['Publish', 'Back to draft']);
  });

  it('lets a trainer submit a draft or withdraw it while pending, nothing more', () => {
    expect(targets(moves('draft', ['pending']))).toEqual(['pending']);
    expect(targets(moves('pending', ['draft']))).toEqual(['draft']);
    expect(labels(moves('pending', ['draft']))).toEqual(['Withdraw']);
    expect(targets(moves('published', []))).toEqual([]);
  });

  it('offers nothing to someone who does not manage the course', () => {
    expect(targets(moves('draft', []))).toEqual([]);
  });
});
