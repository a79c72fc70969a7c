import { ROLE } from '@atrium/contract';
import { describe, expect, it } from 'vitest';
import { managesCourse, publishActions } from './publish-actions.ts';

const targets = (...args: Parameters<typeof publishActions>) =>
  publishActions(...args).map((action) => action.target);

describe('publish actions (the server rules of published/{id}/)', () => {
  it('lets admins publish, unpublish and send back', () => {
    expect(targets('draft', ROLE.ADMIN, true)).toEqual(['published']);
    expect(targets('pending', ROLE.ADMIN, true)).toEqual(['published', 'draft']);
    expect(targets('published', ROLE.ADMIN, true)).toEqual(['draft']);
    expect(targets('published', ROLE.SUPERADMIN, true)).toEqual(['draft']);
  });

  it('lets a trainer submit a draft or withdraw it while pending, nothing more', () => {
    expect(targets('draft', ROLE.TRAINER, true)).toEqual(['pending']);
    expect(targets('pending', ROLE.TRAINER, true)).toEqual(['draft']);
    expect(targets('published', ROLE.TRAINER, true)).toEqual([]);
  });

  it('offers nothing to someone who does not manage the course', () => {
    expect(targets('draft', ROLE.TRAINER, false)).toEqual([]);
    expect(targets('draft', ROLE.LEARNER, true)).toEqual([]);
  });

  it('knows who manages a course', () => {
    expect(managesCourse(ROLE.ADMIN, 1, { id: 2 })).toBe(true);
    expect(managesCourse(ROLE.TRAINER, 1, { id: 1 })).toBe(true);
    expect(managesCourse(ROLE.TRAINER, 1, { id: 2 })).toBe(false);
    expect(managesCourse(ROLE.TRAINER, 1, null)).toBe(false);
  });
});
