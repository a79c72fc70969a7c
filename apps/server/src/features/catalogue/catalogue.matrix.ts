import { ADMINS, AUTHORS, SIGNED_IN } from '../../core/auth/matrix-rows.ts';
import type { MatrixRow } from '../../core/module.ts';

/**
 * Reads for everyone signed in (what they see is canSee); authoring for admins and trainers
 * (which course: editableCourseFor); categories, settings, import and dashboard for admins.
 */
export const catalogueMatrix: Record<string, MatrixRow> = {
  'GET /api/courses/': SIGNED_IN,
  'POST /api/courses/': AUTHORS,
  'GET /api/courses/get-courses/': SIGNED_IN,
  'GET /api/courses/get-all-assign-courses/': SIGNED_IN,
  // The learner's enrolment screen: about the caller only.
  'GET /api/courses/get-all-unassign-courses/': SIGNED_IN,
  'GET /api/courses/get-created_by_superadmin-courses/': SIGNED_IN,
  'GET /api/courses/get_cpd_courses/': SIGNED_IN,
  'GET /api/courses/get-all-created-courses/': SIGNED_IN,
  'GET /api/courses/filter_type/': SIGNED_IN,
  'GET /api/courses/:id/': SIGNED_IN,
  'PATCH /api/courses/:id/': AUTHORS,
  'DELETE /api/courses/:id/': AUTHORS,
  'GET /api/courses/:id/image/': SIGNED_IN,
  'PATCH /api/courses/published/:id/': AUTHORS,
  'GET /api/courses/admin-dashboard/': ADMINS,
  'GET /api/courses/categories/': SIGNED_IN,
  'GET /api/courses/categories/:id/': SIGNED_IN,
  'POST /api/courses/categories/': ADMINS,
  'PATCH /api/courses/categories/:id/': ADMINS,
  'DELETE /api/courses/categories/:id/': ADMINS,
  'GET /api/courses/categories/:id/image/': SIGNED_IN,
  'GET /api/courses/course-configuration-text/': SIGNED_IN,
  'POST /api/courses/course-configuration-text/': ADMINS,
  'GET /api/courses/course-configuration-options/': SIGNED_IN,
  'POST /api/courses/course-configuration-options/': ADMINS,
  'GET /api/courses/:courseId/modules/': SIGNED_IN,
  'POST /api/courses/:courseId/modules/': AUTHORS,
  'PATCH /api/courses/:courseId/modules/': AUTHORS,
  'GET /api/courses/modules/:id/': SIGNED_IN,
  'PATCH /api/courses/modules/:id/': AUTHORS,
  'DELETE /api/courses/modules/:id/': AUTHORS,
  'POST /api/courses/modules/:id/files/': AUTHORS,
  'PATCH /api/courses/modules/:id/files/': AUTHORS,
  'PATCH /api/courses/modules/:id/files/:itemId/': AUTHORS,
  'DELETE /api/courses/modules/:id/files/:itemId/': AUTHORS,
  'GET /api/courses/file-repo/': AUTHORS,
  'POST /api/courses/file-repo/': AUTHORS,
  'PATCH /api/courses/file-repo/:id/': AUTHORS,
  'DELETE /api/courses/file-repo/:id/': AUTHORS,
  'GET /api/courses/file-repo/:id/download/': SIGNED_IN,
  'POST /api/courses/test-file-repo/': AUTHORS,
  'POST /api/courses/course_import_by_file_upload/': ADMINS,
};
