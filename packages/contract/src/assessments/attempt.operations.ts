import { ZIdParams } from '../core/ids.ts';
import { defineOperation } from '../core/operation.ts';
import {
  ZAttemptFile,
  ZAttemptFileParams,
  ZAttemptResult,
  ZAttemptSaveInput,
  ZAttemptSaveResult,
  ZAttemptSession,
  ZAttemptStart,
  ZAttemptStartInput,
  ZAttemptSubmitInput,
  ZAttemptView,
  ZGradeInput,
  ZGradeResult,
  ZGradingDetail,
  ZGradingParams,
  ZGradingQueuePage,
  ZGradingQueueQuery,
  ZLearnerAssessmentPage,
  ZLearnerAssessmentQuery,
  ZMyResults,
  ZUuidParams,
} from './attempt.ts';

const tags = ['assessments'];
const errors = [400, 401, 403, 404] as const;
const takers =
  'Learners assigned to it (or enrolled in its course); staff of its organisation to try it';
const owner = 'The learner whose attempt it is';
const reviewers = 'The assessment’s reviewers, its author and the organisation’s admins';

/** Taking assessments: the start page, attempts, results, and grading by reviewers. */
export const attemptOps = {
  mine: defineOperation({
    method: 'GET',
    path: '/api/assessment/assigned/',
    query: ZLearnerAssessmentQuery,
    response: ZLearnerAssessmentPage,
    errors: [400, 401],
    summary: 'The caller’s assessments: assigned, or of courses they are enrolled in',
    access: 'Any signed-in user',
    tags,
  }),
  startPage: defineOperation({
    method: 'GET',
    path: '/api/assessment/start/:uuid/',
    params: ZUuidParams,
    response: ZAttemptStart,
    errors,
    summary:
      'The start page: instructions, the learner’s timing and attempts (overrides applied), and whether they may start',
    access: takers,
    tags,
  }),
  start: defineOperation({
    method: 'POST',
    path: '/api/assessment/start/:uuid/',
    params: ZUuidParams,
    body: ZAttemptStartInput,
    response: ZAttemptSession,
    errors: [...errors, 409, 429],
    summary:
      'Start an attempt, or resume the one in progress (this tab then holds it: saves from another tab get 409)',
    access: takers,
    tags,
  }),
  read: defineOperation({
    method: 'GET',
    path: '/api/assessment/attempt/:id/',
    params: ZIdParams,
    response: ZAttemptView,
    errors,
    summary: 'An attempt in progress as its learner sees it, with the server’s clock',
    access: owner,
    tags,
  }),
  save: defineOperation({
    method: 'PUT',
    path: '/api/assessment/attempt/:id/answers/',
    params: ZIdParams,
    body: ZAttemptSaveInput,
    response: ZAttemptSaveResult,
    errors: [...errors, 409],
    summary:
      'Save answers and flags (idempotent by sequence number); refused once the time is up or from a tab that lost the attempt',
    access: owner,
    tags,
  }),
  submit: defineOperation({
    method: 'POST',
    path: '/api/assessment/attempt/:id/submit/',
    params: ZIdParams,
    body: ZAttemptSubmitInput,
    response: ZAttemptResult,
    errors: [...errors, 409],
    summary:
      'Submit and grade the objective questions; a retried submit answers the same result and grades once',
    access: owner,
    tags,
  }),
  upload: defineOperation({
    method: 'POST',
    path: '/api/assessment/attempt/:id/files/',
    params: ZIdParams,
    body: 'multipart',
    response: ZAttemptFile,
    status: 201,
    errors: [...errors, 409, 413, 415],
    summary:
      'Upload a file for a file-upload item (multipart `item`, `file`; the question’s types and size apply)',
    access: owner,
    tags,
  }),
  download: defineOperation({
    method: 'GET',
    path: '/api/assessment/attempt/:id/files/:file/',
    params: ZAttemptFileParams,
    response: 'binary',
    errors,
    summary: 'A file uploaded as an answer (to its learner and to those who grade it)',
    access: `${owner}; ${reviewers}`,
    tags,
  }),
  result: defineOperation({
    method: 'GET',
    path: '/api/assessment/result/:id/',
    params: ZIdParams,
    response: ZAttemptResult,
    errors,
    summary:
      'One attempt’s result: to its learner per the review options; to staff of the organisation in full',
    access: `${owner}; staff of the organisation`,
    tags,
  }),
  results: defineOperation({
    method: 'GET',
    path: '/api/assessment/results/:id/',
    params: ZIdParams,
    response: ZMyResults,
    errors,
    summary: 'The caller’s attempts at an assessment and their final grade',
    access: takers,
    tags,
  }),
  gradingQueue: defineOperation({
    method: 'GET',
    path: '/api/assessment/review/',
    query: ZGradingQueueQuery,
    response: ZGradingQueuePage,
    errors: [400, 401, 403],
    summary: 'Answers waiting for (or graded by) the caller as a reviewer, oldest submission first',
    access: reviewers,
    tags,
  }),
  gradingDetail: defineOperation({
    method: 'GET',
    path: '/api/assessment/review/:attempt/:item/',
    params: ZGradingParams,
    response: ZGradingDetail,
    errors,
    summary: 'One answer to grade, with the question’s rubric and the learner’s files',
    access: reviewers,
    tags,
  }),
  grade: defineOperation({
    method: 'POST',
    path: '/api/assessment/review/:attempt/:item/',
    params: ZGradingParams,
    body: ZGradeInput,
    response: ZGradeResult,
    errors: [...errors, 409],
    summary:
      'Grade an essay or upload by rubric or score, with feedback; the last grade publishes the attempt’s result',
    access: reviewers,
    tags,
  }),
};
