import { describe, expect, it } from 'vitest';
import { CASES, type Case, rowsOf } from '../../../test/policy-table.ts';
import { canDownloadAttemptFile, canSeeToTake, canTake, ownsAttempt } from './attempts.policy.ts';

/**
 * "own" in these rows: for taking, the caller is assigned; for attempts and files, the attempt
 * is the caller's. Columns: [see to take (else 404), take, own attempt, download].
 */
const TABLE: Record<string, [0 | 1, 0 | 1, 0 | 1, 0 | 1]> = {
  'superadmin own same org': [1, 1, 1, 1],
  'superadmin own other org': [1, 1, 1, 1],
  "superadmin other's same org": [1, 1, 0, 1],
  "superadmin other's other org": [1, 1, 0, 1],
  'admin own same org': [1, 1, 1, 1],
  'admin own other org': [0, 0, 1, 0],
  // Admins try any published assessment of their organisation and read every upload in it.
  "admin other's same org": [1, 1, 0, 1],
  "admin other's other org": [0, 0, 0, 0],
  'trainer own same org': [1, 1, 1, 1],
  'trainer own other org': [0, 0, 1, 0],
  // A trainer tries it; reading another learner's upload needs the author or a reviewer.
  "trainer other's same org": [1, 1, 0, 0],
  "trainer other's other org": [0, 0, 0, 0],
  'learner own same org': [1, 1, 1, 1],
  'learner own other org': [0, 0, 1, 0],
  // Seen (the address is shared) but not assigned: 403, not 404.
  "learner other's same org": [1, 0, 0, 0],
  "learner other's other org": [0, 0, 0, 0],
};

const take = (c: Case, status: 'draft' | 'published' = 'published') => ({
  organisationId: c.organisationId,
  status,
  assigned: c.own,
  enrolled: false,
});
const file = (c: Case, extra: { createdBy?: number; isReviewer?: boolean } = {}) => ({
  userId: c.ownerId,
  organisationId: c.organisationId,
  createdBy: extra.createdBy ?? 999,
  isReviewer: extra.isReviewer ?? false,
});

describe('attempts policy: [see to take, take, own attempt, download]', () => {
  it.each(rowsOf(TABLE).map(([c, row]) => [c.name, c, row] as const))('%s', (_n, c, row) => {
    expect([
      canSeeToTake(c.actor, take(c)) ? 1 : 0,
      canTake(c.actor, take(c)) ? 1 : 0,
      ownsAttempt(c.actor, { userId: c.ownerId }) ? 1 : 0,
      canDownloadAttemptFile(c.actor, file(c)) ? 1 : 0,
    ]).toEqual(row);
  });
});

describe('attempts policy: details', () => {
  const learner = CASES.find((c) => c.name === "learner other's same org")!;
  const trainer = CASES.find((c) => c.name === "trainer other's same org")!;
  const admin = CASES.find((c) => c.name === "admin other's same org")!;

  it('lets a learner enrolled in the course take it, as an assignment does', () => {
    expect(canTake(learner.actor, { ...take(learner), enrolled: true })).toBe(true);
  });

  it('hides a draft from learners (404) and lets nobody take it, staff included', () => {
    const own = CASES.find((c) => c.name === 'learner own same org')!;
    expect(canSeeToTake(own.actor, take(own, 'draft'))).toBe(false);
    expect(canSeeToTake(admin.actor, take(admin, 'draft'))).toBe(true);
    expect(canTake(admin.actor, take(admin, 'draft'))).toBe(false);
  });

  it('lets the author and the reviewers read another learner’s upload, not a colleague', () => {
    expect(canDownloadAttemptFile(trainer.actor, file(trainer, { createdBy: 10 }))).toBe(true);
    expect(canDownloadAttemptFile(trainer.actor, file(trainer, { isReviewer: true }))).toBe(true);
    expect(canDownloadAttemptFile(learner.actor, file(learner, { isReviewer: true }))).toBe(false);
  });
});
