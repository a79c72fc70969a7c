import { ADMINS, AUTHORS, SIGNED_IN } from '../../core/auth/matrix-rows.ts';
import type { MatrixRow } from '../../core/module.ts';

/**
 * Every role has the /classroom menu by default: reads for everyone signed in (which classroom:
 * the policy), writes for admins and trainers (which classroom: its managers), rooms for admins.
 */
export const classroomsMatrix: Record<string, MatrixRow> = {
  'GET /api/classroom/': SIGNED_IN,
  'POST /api/classroom/': AUTHORS,
  'GET /api/classroom/:id/': SIGNED_IN,
  'PATCH /api/classroom/:id/': AUTHORS,
  'DELETE /api/classroom/:id/': AUTHORS,
  'POST /api/classrooms/publish-classroom/': AUTHORS,
  'GET /api/classrooms/classes/': SIGNED_IN,
  'POST /api/classrooms/classes/': AUTHORS,
  'GET /api/classrooms/class-update-delete/:id/': SIGNED_IN,
  'PATCH /api/classrooms/class-update-delete/:id/': AUTHORS,
  'DELETE /api/classrooms/class-update-delete/:id/': AUTHORS,
  'GET /api/classrooms/topics/': SIGNED_IN,
  'POST /api/classrooms/topics/': AUTHORS,
  'PATCH /api/classrooms/topic-update-delete/:id/': AUTHORS,
  'DELETE /api/classrooms/topic-update-delete/:id/': AUTHORS,
  'GET /api/classrooms/sessions/': SIGNED_IN,
  'POST /api/classrooms/sessions/': AUTHORS,
  'GET /api/classrooms/session-update-delete/:id/': SIGNED_IN,
  'PATCH /api/classrooms/session-update-delete/:id/': AUTHORS,
  'DELETE /api/classrooms/session-update-delete/:id/': AUTHORS,
  'GET /api/classrooms/check-session/': AUTHORS,
  'GET /api/classrooms/room/': AUTHORS,
  'POST /api/classrooms/room/': ADMINS,
  'PATCH /api/classrooms/room-update-delete/:id/': ADMINS,
  'DELETE /api/classrooms/room-update-delete/:id/': ADMINS,
  'GET /api/classrooms/list-trainer/': AUTHORS,
  'GET /api/classrooms/list-org/': AUTHORS,
  'GET /api/classrooms/list-learner-university/': AUTHORS,
};
