import { AUTHORS, SIGNED_IN } from '../../core/auth/matrix-rows.ts';
import type { MatrixRow } from '../../core/module.ts';

/** Marks and the code: admins and trainers (which session is the policy's); check-in: anyone. */
export const attendanceMatrix: Record<string, MatrixRow> = {
  'POST /api/classrooms/attendance/': AUTHORS,
  'GET /api/classrooms/check-in-code/': AUTHORS,
  'POST /api/classrooms/check-in/': SIGNED_IN,
};
