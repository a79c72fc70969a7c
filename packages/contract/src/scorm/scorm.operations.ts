import { z } from 'zod';
import { zIdParam } from '../core/ids.ts';
import { defineOperation } from '../core/operation.ts';
import {
  ZScormAttempt,
  ZScormCommit,
  ZScormCommitQuery,
  ZScormCommitResult,
  ZScormPackage,
  ZScormReportPage,
  ZScormReportQuery,
  ZScormState,
  ZScormStateQuery,
  ZScormTrackPage,
  ZScormTrackQuery,
} from './scorm.ts';

const tags = ['scorm'];
const errors = [400, 401, 403, 404, 409] as const;
const id = z.object({ id: zIdParam });
/*
 * Learner-facing calls are open to everyone signed in (the course player is a no-perm screen);
 * what they may reach is the object-level rule: may see a course using the file, enrolled to be
 * tracked.
 */
const learners = 'Signed in; may see a course using the file, enrolled to be tracked';

/** SCORM packages: their SCO tree, the run-time state and commits, attempts, reports. */
export const scormOps = {
  package: defineOperation({
    method: 'GET',
    path: '/api/scorm/files/:fileId/package/',
    params: z.object({ fileId: zIdParam }),
    response: ZScormPackage,
    errors,
    summary: 'The SCORM package of a repository file: version and SCO tree (table of contents)',
    access: learners,
    tags,
  }),
  state: defineOperation({
    method: 'GET',
    path: '/api/scorm/module-files/:id/runtime/',
    params: id,
    query: ZScormStateQuery,
    response: ZScormState,
    errors,
    summary:
      "The learner's run-time state of one SCO (cmi for scorm-again loadFromJSON), current attempt and every SCO's status",
    access: learners,
    tags,
  }),
  commit: defineOperation({
    method: 'POST',
    path: '/api/scorm/module-files/:id/runtime/',
    params: id,
    query: ZScormCommitQuery,
    body: ZScormCommit,
    response: ZScormCommitResult,
    errors,
    summary:
      'Commit one SCO (scorm-again JSON commit `{cmi}`, as JSON or a text/plain beacon; `?sco=&attempt=&session=`): validated, stored, time added once per session; completion feeds the module file status',
    access:
      'Signed in, and by cookie only from this site (a beacon cannot send the CSRF header); enrolled learners',
    tags,
  }),
  newAttempt: defineOperation({
    method: 'POST',
    path: '/api/scorm/module-files/:id/attempts/',
    params: id,
    response: ZScormAttempt,
    status: 201,
    errors,
    summary: 'Start a new attempt (only after the current one is completed)',
    access: learners,
    tags,
  }),
  report: defineOperation({
    method: 'GET',
    path: '/api/scorm/report/',
    query: ZScormReportQuery,
    response: ZScormReportPage,
    errors,
    summary:
      "A course's SCORM tracking per learner and SCO (latest attempt): status, score, time, attempts",
    access: "Admins and trainers; the course's managers (checked per course)",
    tags,
  }),
  track: defineOperation({
    method: 'GET',
    path: '/api/scorm/track/',
    query: ZScormTrackQuery,
    response: ZScormTrackPage,
    errors,
    summary:
      "SCORM track lookup by the user's e-mail (spec §7), from Atrium's own records: learners themselves, staff within their courses",
    access: 'Signed in; learners themselves, staff within their courses',
    tags,
  }),
};
