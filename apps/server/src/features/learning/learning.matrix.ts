import { AUTHORS, SIGNED_IN } from '../../core/auth/matrix-rows.ts';
import type { MatrixRow } from '../../core/module.ts';

/**
 * Learner-facing calls are open to every signed-in user (the course player is a no-perm
 * screen); enrolment and course management (canManage) are the object-level rules of the use
 * cases. Management calls: admins and trainers with the /courses menu entry (learning.access.ts;
 * every role has it by default, so the rows are AUTHORS).
 */
export const learningMatrix: Record<string, MatrixRow> = {
  'GET /api/courses/faq-list/:courseId/': SIGNED_IN,
  'POST /api/courses/faq/': AUTHORS,
  'PATCH /api/courses/faq/:id/': AUTHORS,
  'DELETE /api/courses/faq/:id/': AUTHORS,
  'GET /api/courses/reviews-list/:courseId/': SIGNED_IN,
  'POST /api/courses/reviews/': SIGNED_IN,
  // The learner's own reviews: about the caller only.
  'GET /api/courses/my-reviews/': SIGNED_IN,
  'POST /api/courses/:courseId/assign/': AUTHORS,
  'POST /api/courses/:courseId/unassign/': AUTHORS,
  'GET /api/courses/:courseId/enrolments/': AUTHORS,
  'POST /api/courses/course_enrollment_request/': SIGNED_IN,
  'POST /api/courses/approved_course_enrollment_request/': SIGNED_IN,
  'POST /api/courses/course_enrollment_request_reject_by_user/': SIGNED_IN,
  'GET /api/courses/enrollment-requests/': SIGNED_IN,
  'PATCH /api/courses/user-enrolments/:id/': AUTHORS,
  'POST /api/courses/module-file-user-status/': SIGNED_IN,
  'POST /api/courses/user-course-module-file-status/': SIGNED_IN,
  'GET /api/courses/assignment/': SIGNED_IN,
  'POST /api/courses/assignment/': AUTHORS,
  'PATCH /api/courses/assignment/:id/': AUTHORS,
  'DELETE /api/courses/assignment/:id/': AUTHORS,
  'POST /api/courses/assignment/:id/submit/': SIGNED_IN,
  'POST /api/courses/assignment/:id/grade/': AUTHORS,
  'GET /api/courses/assignment/:id/submissions/': AUTHORS,
  'GET /api/courses/assignment-submission/:id/file/': SIGNED_IN,
};
