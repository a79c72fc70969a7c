import { AUTHORS, SIGNED_IN } from '../../core/auth/matrix-rows.ts';
import type { MatrixRow } from '../../core/module.ts';

/**
 * Every role has the /learning-path menu by default: reads and joining for everyone signed in
 * (which path: the policy); authoring and managing for admins and trainers (which path: owner or
 * admin, learning-paths.policy.ts).
 */
export const learningPathsMatrix: Record<string, MatrixRow> = {
  'GET /api/v1/learning-path/': SIGNED_IN,
  'POST /api/v1/learning-path/': AUTHORS,
  'PUT /api/v1/learning-path/:id/': AUTHORS,
  'DELETE /api/v1/learning-path/:id/': AUTHORS,
  'GET /api/v1/learning-path/:id/image/': SIGNED_IN,
  'GET /api/v1/learning_path_detail/:id/': SIGNED_IN,
  'PUT /api/v1/learning-path/:id/structure/': AUTHORS,
  'GET /api/v1/learning_path_course_module/:lpId/:id/': SIGNED_IN,
  'PATCH /api/v1/learning_path_published/:id/': AUTHORS,
  'POST /api/v1/learning-path-course/': AUTHORS,
  'PUT /api/v1/learning-path-course/:id/': AUTHORS,
  'DELETE /api/v1/learning-path-course/:id/': AUTHORS,
  'GET /api/v1/learning-path-user/': AUTHORS,
  'GET /api/v1/learning-path-user/export/': AUTHORS,
  'POST /api/v1/learning-path-user/': AUTHORS,
  'PUT /api/v1/learning-path-user/:id/': AUTHORS,
  'DELETE /api/v1/learning-path-user/:id/': AUTHORS,
  'POST /api/v1/learning-path-user/delete-multiple-user/': AUTHORS,
  'POST /api/v1/learning-path-user/join/': SIGNED_IN,
  'POST /api/v1/learning-path-notification/': AUTHORS,
  'GET /api/v1/learning_path/all-reviews/:id/': SIGNED_IN,
  'POST /api/v1/learning_path/reviews/': SIGNED_IN,
};
