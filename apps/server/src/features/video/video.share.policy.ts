import type { Actor } from '../../core/auth/actor.ts';
import type { videoShares } from '../../schema/video.table.ts';
import { type CourseFacts, canManage } from '../catalogue/index.ts';

/**
 * Who may share a course video and when a share link plays, as pure predicates over loaded rows
 * (video.share.policy.test.ts is their table; video.share.service turns them into 404s).
 */

type ShareFacts = Pick<typeof videoShares.$inferSelect, 'revokedAt' | 'expiresAt'>;

/**
 * A course's managers share its videos: its organisation's admins and the trainer who wrote it
 * (superadmin: any) — the catalogue's canManage. Not canEdit: a published course is not
 * editable by its trainer, yet publishing is exactly when sharing makes sense.
 */
export const canShare = (actor: Actor, course: CourseFacts): boolean => canManage(actor, course);

/** Neither revoked nor past its expiry. */
export const isLive = (share: ShareFacts, now: Date): boolean =>
  !share.revokedAt && (!share.expiresAt || share.expiresAt.getTime() > now.getTime());

/** A link plays only a "published public video": live, and its course published. */
export const isPlayable = (
  share: ShareFacts,
  course: Pick<CourseFacts, 'status'>,
  now: Date,
): boolean => isLive(share, now) && course.status === 'published';
