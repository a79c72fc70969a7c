import { PDF } from '../factories/catalogue.ts';
import type { IdCall } from './calls.ts';

/*
 * Taking, grading and reporting on acme's assessment in the cross-organisation test (see
 * calls.ts; the fixtures are AssessmentObjects in assessments-calls.ts). The attempt routes'
 * rightful caller is acme's learner; grading and reports are its admin's.
 *
 * The learner's writes run before the others' (rank 0) in this order: the save with the
 * fixture's session, the upload, the start (which resumes the attempt and takes the session
 * over), the submit (with no session: the attempt is settled last).
 */
export const ASSESSMENT_ATTEMPT_CALLS: Record<string, IdCall> = {
  'PUT /api/assessment/attempt/:id/answers/': {
    params: (f) => ({ id: f.attempt }),
    body: (f) => ({
      session: f.session,
      answers: [{ item: f.answerItem, answer: { type: 'true_false', value: false }, seq: 1 }],
    }),
    owner: 'learner',
  },
  'POST /api/assessment/attempt/:id/files/': {
    params: (f) => ({ id: f.attempt }),
    body: (f) => ({
      parts: [
        { name: 'item', value: String(f.fileItem) },
        { name: 'file', filename: 'planted.pdf', content: PDF, type: 'application/pdf' },
      ],
    }),
    owner: 'learner',
  },
  'GET /api/assessment/start/:uuid/': {
    params: (f) => ({ uuid: f.assessmentUuid }),
    owner: 'learner',
  },
  'POST /api/assessment/start/:uuid/': {
    params: (f) => ({ uuid: f.assessmentUuid }),
    body: () => ({}),
    owner: 'learner',
  },
  'POST /api/assessment/attempt/:id/submit/': {
    params: (f) => ({ id: f.attempt }),
    body: () => ({}),
    owner: 'learner',
  },
  'GET /api/assessment/attempt/:id/': { params: (f) => ({ id: f.attempt }), owner: 'learner' },
  'GET /api/assessment/attempt/:id/files/:file/': {
    params: (f) => ({ id: f.attempt, file: f.attemptFile }),
    owner: 'learner',
  },
  'GET /api/assessment/result/:id/': {
    params: (f) => ({ id: f.submittedAttempt }),
    owner: 'learner',
  },
  'GET /api/assessment/results/:id/': {
    params: (f) => ({ id: f.gradedAssessment }),
    owner: 'learner',
  },

  // Grading the submitted essay (item 0), as an admin of the organisation.
  'GET /api/assessment/review/:attempt/:item/': {
    params: (f) => ({ attempt: f.submittedAttempt, item: 0 }),
  },
  'POST /api/assessment/review/:attempt/:item/': {
    params: (f) => ({ attempt: f.submittedAttempt, item: 0 }),
    body: () => ({ score: 1, feedback: '<p>Taken over</p>' }),
  },

  'GET /api/assessment/attendees-list/:id/': { params: (f) => ({ id: f.assessment }) },
};

/** Naming acme's assessment, learner and bank in the query. */
export const ASSESSMENT_ATTEMPT_BODY_CALLS: Record<string, IdCall> = {
  'GET /api/assessment/report/detail/': {
    params: () => ({}),
    query: (f) => `?assessment=${f.assessment}`,
  },
  'GET /api/assessment/report/detail/export/': {
    params: () => ({}),
    query: (f) => `?assessment=${f.assessment}&format=csv`,
  },
  'GET /api/assessment/learner/report/': {
    params: () => ({}),
    query: (f) => `?user=${f.learner}`,
  },
  'GET /api/assessment/review/': {
    params: () => ({}),
    query: (f) => `?assessment=${f.gradedAssessment}`,
  },
};
