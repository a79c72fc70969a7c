import { ZIdParams } from '../core/ids.ts';
import { defineOperation } from '../core/operation.ts';
import {
  ZAssessmentReportDetail,
  ZAssessmentReportDetailQuery,
  ZAssessmentReportExportQuery,
  ZAssessmentReportPage,
  ZAssessmentReportQuery,
  ZAttendeePage,
  ZAttendeeQuery,
  ZLearnerReportPage,
  ZLearnerReportQuery,
  ZQuestionExportQuery,
  ZQuestionImportReport,
  ZQuestionTemplateQuery,
} from './report.ts';

const tags = ['assessments'];
const errors = [400, 401, 403] as const;
const reporters = 'Admins of the organisation; trainers for the assessments they author or review';
const authors = 'Admins and trainers of the organisation (menu /assessment)';

/** Assessment reports (spec §7 `report/list`, `report/detail`, `learner/report`) and QTI/CSV I/O. */
export const assessmentReportOps = {
  attendees: defineOperation({
    method: 'GET',
    path: '/api/assessment/attendees-list/:id/',
    params: ZIdParams,
    query: ZAttendeeQuery,
    response: ZAttendeePage,
    errors: [...errors, 404],
    summary:
      'Everyone assigned or who attempted: status, final score, time taken, attempts (search, status, date filter)',
    access: reporters,
    tags,
  }),
  list: defineOperation({
    method: 'GET',
    path: '/api/assessment/report/list/',
    query: ZAssessmentReportQuery,
    response: ZAssessmentReportPage,
    errors,
    summary: 'Per assessment: assigned, attempted, completed, passed, average and pass rate',
    access: reporters,
    tags,
  }),
  detail: defineOperation({
    method: 'GET',
    path: '/api/assessment/report/detail/',
    query: ZAssessmentReportDetailQuery,
    response: ZAssessmentReportDetail,
    errors: [...errors, 404],
    summary:
      'One assessment: summary, score distribution and item analysis (facility, discrimination, options)',
    access: reporters,
    tags,
  }),
  export: defineOperation({
    method: 'GET',
    path: '/api/assessment/report/detail/export/',
    query: ZAssessmentReportExportQuery,
    response: 'binary',
    errors: [...errors, 404],
    summary: 'The attendees and item analysis as XLSX (two sheets) or CSV (attendees)',
    access: reporters,
    tags,
  }),
  learner: defineOperation({
    method: 'GET',
    path: '/api/assessment/learner/report/',
    query: ZLearnerReportQuery,
    response: ZLearnerReportPage,
    errors: [...errors, 404],
    summary:
      'A learner’s assessments and results (their own; staff may name a learner of the organisation), with search, date filter and the mobile mode',
    access:
      'Any signed-in user for themselves; admins and trainers for a learner of the organisation',
    tags,
  }),
  importQuestions: defineOperation({
    method: 'POST',
    path: '/api/assessment/question/import/',
    body: 'multipart',
    response: ZQuestionImportReport,
    status: 201,
    errors: [...errors, 413, 415],
    summary:
      'Import questions from a QTI 2.1/2.2/3.0 package (zip with imsmanifest.xml), CSV or XLSX (multipart `file`, optional `category`, `dry_run`): all valid or nothing written; unsupported items are listed as skipped; images of the package’s items are kept as question images, and any left out are listed in notes',
    access: authors,
    tags,
  }),
  importTemplate: defineOperation({
    method: 'GET',
    path: '/api/assessment/question/import/template/',
    query: ZQuestionTemplateQuery,
    response: 'binary',
    summary: 'The CSV/XLSX import template with an example row per question type',
    access: authors,
    tags,
  }),
  exportQuestions: defineOperation({
    method: 'GET',
    path: '/api/assessment/question/export/',
    query: ZQuestionExportQuery,
    response: 'binary',
    // 404: a named id or the category is not in the caller's organisation's bank.
    errors: [...errors, 404],
    summary: 'Questions as a QTI 3.0 package (zip)',
    access: authors,
    tags,
  }),
};
