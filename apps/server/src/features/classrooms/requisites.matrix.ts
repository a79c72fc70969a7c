import { AUTHORS, SIGNED_IN } from '../../core/auth/matrix-rows.ts';
import type { MatrixRow } from '../../core/module.ts';

/** Requisites: staff write (which classroom: its managers); everyone reads and answers surveys. */
export const requisitesMatrix: Record<string, MatrixRow> = {
  'POST /api/classroom/pre_post_requisite/': AUTHORS,
  'POST /api/classrooms/upload-requisites/': AUTHORS,
  'PATCH /api/classrooms/update-requisites/:id/': AUTHORS,
  'DELETE /api/classrooms/update-requisites/:id/': AUTHORS,
  'GET /api/classrooms/requisites/': SIGNED_IN,
  'POST /api/classrooms/requisites/:id/done/': SIGNED_IN,
  'GET /api/classrooms/requisites/:id/file/': SIGNED_IN,
  'GET /api/classrooms/survey/': SIGNED_IN,
  'POST /api/classrooms/survey/': SIGNED_IN,
};
