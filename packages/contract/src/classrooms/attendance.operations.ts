import { defineOperation } from '../core/operation.ts';
import {
  ZAttendanceInput,
  ZAttendanceResult,
  ZCheckinCode,
  ZCheckinCodeQuery,
  ZCheckinInput,
  ZCheckinResult,
} from './attendance.ts';

const tags = ['classrooms'];
const takers =
  "The classroom's managers and the session's trainers (superadmin: any); learners 403";

/** Attendance and check-in (spec §7 Classrooms; issue 18). */
export const classroomAttendanceOps = {
  mark: defineOperation({
    method: 'POST',
    path: '/api/classrooms/attendance/',
    body: ZAttendanceInput,
    response: ZAttendanceResult,
    errors: [400, 401, 403, 404, 409],
    summary:
      'Mark attendance in bulk (present, late, excused, absent) from the session’s start; all or nothing',
    access: takers,
    tags,
  }),
  checkinCode: defineOperation({
    method: 'GET',
    path: '/api/classrooms/check-in-code/',
    query: ZCheckinCodeQuery,
    response: ZCheckinCode,
    errors: [400, 401, 403, 404, 409],
    summary:
      'The rotating check-in code (and its QR address) for the trainer’s screen; 409 outside the check-in window',
    access: takers,
    tags,
  }),
  checkin: defineOperation({
    method: 'POST',
    path: '/api/classrooms/check-in/',
    body: ZCheckinInput,
    response: ZCheckinResult,
    errors: [400, 401, 403, 404, 409, 429],
    summary:
      'A learner checks in to their booked session with the code the trainer shows (once; rate-limited)',
    access: 'Signed in; the learner holding a booked seat in the session',
    tags,
  }),
};
