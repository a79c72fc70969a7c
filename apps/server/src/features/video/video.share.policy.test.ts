import { ROLE, type TRoleId } from '@atrium/contract';
import { describe, expect, it } from 'vitest';
import type { Actor } from '../../core/auth/actor.ts';
import type { CourseFacts } from '../catalogue/index.ts';
import { canShare, isLive, isPlayable } from './video.share.policy.ts';

const ORG = 1;
const actor = (roleId: TRoleId, over: Partial<Actor> = {}): Actor => ({
  userId: 10,
  organisationId: ORG,
  roleId,
  isSuperadmin: false,
  ...over,
});
const course = (over: Partial<CourseFacts> = {}): CourseFacts => ({
  organisationId: ORG,
  createdBy: 10,
  status: 'published',
  visibility: 'organisation',
  selfEnrol: false,
  ...over,
});

describe('canShare', () => {
  it.each([
    ['admin of the organisation', actor(ROLE.ADMIN, { userId: 99 }), course(), true],
    ['trainer who wrote the course', actor(ROLE.TRAINER), course(), true],
    ['trainer who wrote a draft', actor(ROLE.TRAINER), course({ status: 'draft' }), true],
    ['another trainer', actor(ROLE.TRAINER, { userId: 11 }), course(), false],
    ['a learner, even as its creator', actor(ROLE.LEARNER), course(), false],
    ['admin of another organisation', actor(ROLE.ADMIN, { organisationId: 2 }), course(), false],
    ['superadmin', actor(ROLE.ADMIN, { isSuperadmin: true, organisationId: 2 }), course(), true],
  ])('%s → %s', (_name, who, c, expected) => {
    expect(canShare(who, c)).toBe(expected);
  });
});

describe('isLive and isPlayable', () => {
  const now = new Date('2026-06-01T12:00:00Z');
  const before = new Date('2026-06-01T11:59:59Z');
  const after = new Date('2026-06-01T12:00:01Z');
  it.each([
    ['open-ended', { revokedAt: null, expiresAt: null }, 'published', true, true],
    ['expiring later', { revokedAt: null, expiresAt: after }, 'published', true, true],
    ['expired', { revokedAt: null, expiresAt: before }, 'published', false, false],
    ['expiring now', { revokedAt: null, expiresAt: now }, 'published', false, false],
    ['revoked', { revokedAt: before, expiresAt: null }, 'published', false, false],
    ['course back to draft', { revokedAt: null, expiresAt: null }, 'draft', true, false],
    ['course pending', { revokedAt: null, expiresAt: null }, 'pending', true, false],
    ['course approved', { revokedAt: null, expiresAt: null }, 'approved', true, false],
  ] as const)('%s', (_name, share, status, live, playable) => {
    expect(isLive(share, now)).toBe(live);
    expect(isPlayable(share, { status }, now)).toBe(playable);
  });
});
