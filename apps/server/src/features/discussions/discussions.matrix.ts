import { ADMINS, AUTHORS, SIGNED_IN } from '../../core/auth/matrix-rows.ts';
import type { MatrixRow } from '../../core/module.ts';

/**
 * Every role has the /discussions menu by default: reading and writing topics is open to anyone
 * signed in with it (which topic: the scope's people, the policy's rule). The types are kept by
 * the organisation's admins. The §7 course-discussion-* calls are the course player's (signed
 * in; the course's participants per course). Forums are managed by admins and trainers.
 */
export const discussionsMatrix: Record<string, MatrixRow> = {
  'GET /api/discussions/discussion_type/': SIGNED_IN,
  'POST /api/discussions/discussion_type/': ADMINS,
  'PATCH /api/discussions/discussion_type/:id/': ADMINS,
  'DELETE /api/discussions/discussion_type/:id/': ADMINS,
  'GET /api/discussions/scopes/': SIGNED_IN,
  'GET /api/discussions/': SIGNED_IN,
  'POST /api/discussions/': SIGNED_IN,
  'GET /api/discussions/:id/': SIGNED_IN,
  'PATCH /api/discussions/:id/': SIGNED_IN,
  'DELETE /api/discussions/:id/': SIGNED_IN,
  'GET /api/discussions/:id/answers/': SIGNED_IN,
  'POST /api/discussions/answear/': SIGNED_IN,
  'PATCH /api/discussions/answear/:id/': SIGNED_IN,
  'DELETE /api/discussions/answear/:id/': SIGNED_IN,
  'POST /api/discussions/like-dislike/': SIGNED_IN,
  'POST /api/discussions/views/': SIGNED_IN,
  'POST /api/discussions/:id/accept/': SIGNED_IN,
  'POST /api/discussions/:id/follow/': SIGNED_IN,
  'GET /api/discussions/attachments/:id/': SIGNED_IN,
  'GET /api/courses/course-discussion-question/': SIGNED_IN,
  'POST /api/courses/course-discussion-question/': SIGNED_IN,
  'POST /api/courses/course-discussion-answer/': SIGNED_IN,
  'POST /api/courses/course-discussion-like/': SIGNED_IN,
  'POST /api/courses/answer-like-dislike/': SIGNED_IN,
  // Forums: read and subscribe with the menu; create, change and delete as admins and trainers
  // (which forum: admins any, a course's managers its forums).
  'GET /api/forum/': SIGNED_IN,
  'POST /api/forum/': AUTHORS,
  'GET /api/forum/:slug/': SIGNED_IN,
  'PATCH /api/forum/:slug/': AUTHORS,
  'DELETE /api/forum/:slug/': AUTHORS,
  'POST /api/forum/:slug/subscription/': SIGNED_IN,
  'GET /api/thread/': SIGNED_IN,
};
