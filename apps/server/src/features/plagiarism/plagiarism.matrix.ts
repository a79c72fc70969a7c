import { AUTHORS, SIGNED_IN } from '../../core/auth/matrix-rows.ts';
import type { MatrixRow } from '../../core/module.ts';

/**
 * The staff routes are the course managers' (admins and trainers; which courses is the policy's,
 * 404 for another organisation's); a learner's own score is any signed-in person's route, answered
 * 404 unless the submission is theirs.
 */
export const plagiarismMatrix: Record<string, MatrixRow> = {
  'GET /api/plagiarism/checks/': AUTHORS,
  'GET /api/plagiarism/checks/:id/': AUTHORS,
  'PATCH /api/plagiarism/matches/:id/': AUTHORS,
  'GET /api/plagiarism/assignments/:id/settings/': AUTHORS,
  'PUT /api/plagiarism/assignments/:id/settings/': AUTHORS,
  'GET /api/plagiarism/submissions/:id/score/': SIGNED_IN,
};
