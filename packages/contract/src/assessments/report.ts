import { z } from 'zod';
import { zIdParam } from '../core/ids.ts';
import { ZPageQuery, zPage } from '../core/pagination.ts';
import { ATTEMPT_STATUSES } from './attempt.ts';
import { QUESTION_TYPES } from './question-types.ts';

/**
 * Assessment reports (issue 16, spec §7 `report/list`, `report/detail`, `learner/report`; the
 * attendees list of /assessment/attendees-list/{id}) and the question import report.
 */

/** Presets of the spec's `date_filter`; `custom` takes `date_from`/`date_to` (YYYY-MM-DD). */
export const DATE_FILTERS = ['all', 'today', '7d', '30d', '90d', '365d', 'custom'] as const;
const day = z.string().regex(/^\d{4}-\d{2}-\d{2}$/, 'A date as YYYY-MM-DD.');
const dated = {
  search: z.string().trim().max(100).optional(),
  date_filter: z.enum(DATE_FILTERS).default('all'),
  date_from: day.optional(),
  date_to: day.optional(),
};
const ZDatedQuery = ZPageQuery.extend(dated);

// ── Attendees (/assessment/attendees-list/{id}) ─────────────────────────

/** `not_attempted`: assigned and nothing started. */
export const ATTENDEE_STATUSES = [...ATTEMPT_STATUSES, 'not_attempted'] as const;
export const ZAttendee = z.object({
  user: z.object({
    id: z.number().int(),
    fullname: z.string(),
    email: z.string(),
    department: z.string().nullable(),
  }),
  status: z.enum(ATTENDEE_STATUSES),
  attempts_used: z.number().int(),
  /** The latest attempt, for its result page. */
  last_attempt: z.number().int().nullable(),
  last_submitted_at: z.string().nullable(),
  time_taken_seconds: z.number().int().nullable(),
  /** The final grade by the assessment's grading method. */
  score: z.number().nullable(),
  percent: z.number().nullable(),
  passed: z.boolean().nullable(),
  pending_manual: z.number().int(),
});
export const ZAttendeePage = zPage(ZAttendee);
export const ZAttendeeQuery = ZDatedQuery.extend({
  status: z.enum(ATTENDEE_STATUSES).optional(),
});

// ── report/list, report/detail ──────────────────────────────────────────

export const ZAssessmentReportRow = z.object({
  id: z.number().int(),
  title: z.string(),
  course: z.object({ id: z.number().int(), title: z.string() }).nullable(),
  assigned: z.number().int(),
  attempted: z.number().int(),
  completed: z.number().int(),
  passed: z.number().int(),
  average_percent: z.number().nullable(),
  pass_rate: z.number().nullable(),
});
export const ZAssessmentReportPage = zPage(ZAssessmentReportRow);
export const ZAssessmentReportQuery = ZDatedQuery;

export const ZItemAnalysis = z.object({
  question: z.object({ id: z.number().int(), title: z.string(), type: z.enum(QUESTION_TYPES) }),
  version: z.number().int(),
  responses: z.number().int(),
  /** Mean score / max score, 0–1. */
  facility: z.number().nullable(),
  /** Point-biserial correlation of the item score with the rest of the attempt, −1–1. */
  discrimination: z.number().nullable(),
  /** Choice types: how often each option was chosen. */
  options: z.array(
    z.object({ id: z.string(), label: z.string(), count: z.number().int(), correct: z.boolean() }),
  ),
});
export type TItemAnalysis = z.infer<typeof ZItemAnalysis>;

export const ZAssessmentReportDetail = z.object({
  assessment: z.object({ id: z.number().int(), title: z.string(), pass_mark: z.number() }),
  summary: z.object({
    assigned: z.number().int(),
    started: z.number().int(),
    submitted: z.number().int(),
    graded: z.number().int(),
    passed: z.number().int(),
    average_percent: z.number().nullable(),
    median_percent: z.number().nullable(),
    average_time_seconds: z.number().nullable(),
  }),
  /** Graded attempts' percentages in ten bands: 0–10, 10–20, … 90–100. */
  distribution: z.array(z.number().int()).length(10),
  items: z.array(ZItemAnalysis),
});
export type TAssessmentReportDetail = z.infer<typeof ZAssessmentReportDetail>;
export const ZAssessmentReportDetailQuery = z.object({ assessment: zIdParam, ...dated });
export const ZAssessmentReportExportQuery = ZAssessmentReportDetailQuery.extend({
  format: z.enum(['csv', 'xlsx']).default('xlsx'),
});

// ── learner/report ──────────────────────────────────────────────────────

export const ZLearnerReportRow = z.object({
  assessment: z.object({ id: z.number().int(), uuid: z.string(), title: z.string() }),
  course: z.object({ id: z.number().int(), title: z.string() }).nullable(),
  attempts_used: z.number().int(),
  last_attempt: z.number().int().nullable(),
  last_submitted_at: z.string().nullable(),
  percent: z.number().nullable(),
  passed: z.boolean().nullable(),
  status: z.enum(ATTENDEE_STATUSES),
});
export const ZLearnerReportPage = zPage(ZLearnerReportRow);
export const ZLearnerReportQuery = ZDatedQuery.extend({
  /** Staff: another learner's report (a learner may only read their own). */
  user: zIdParam.optional(),
  /** The mobile app's mode: ten rows a page, the same fields. */
  mobile: z
    .enum(['true', 'false'])
    .transform((v) => v === 'true')
    .optional(),
});

// ── Question import (QTI zip, CSV, XLSX) ────────────────────────────────

export const QUESTION_IMPORT_FORMATS = ['qti', 'csv', 'xlsx'] as const;
export const ZQuestionImportReport = z.object({
  format: z.enum(QUESTION_IMPORT_FORMATS),
  /** The QTI version the package declared, when QTI. */
  qti_version: z.string().nullable(),
  dry_run: z.boolean(),
  imported: z.number().int(),
  questions: z.array(z.object({ id: z.number().int(), title: z.string() })),
  /** Items not imported, and why (unsupported interactions): never dropped silently. */
  skipped: z.array(z.object({ item: z.string(), reason: z.string() })),
  /**
   * What an imported item lost, and why: images of QTI items are imported with their questions,
   * but one that cannot be kept (not in the package, on another site, SVG or another type the
   * bank does not keep, too large) is left out of its question and noted here. A default, so a
   * report from before notes existed still reads.
   */
  notes: z.array(z.object({ item: z.string(), note: z.string() })).default([]),
});
export type TQuestionImportReport = z.infer<typeof ZQuestionImportReport>;
export const ZQuestionExportQuery = z.object({
  /** Comma-separated question ids; absent: the category's, or the whole bank's active ones. */
  ids: z
    .string()
    .regex(/^\d+(,\d+)*$/, 'A comma-separated list of question ids.')
    .transform((s) => s.split(',').map(Number))
    .optional(),
  category: zIdParam.optional(),
});
export const ZQuestionTemplateQuery = z.object({ format: z.enum(['csv', 'xlsx']).default('xlsx') });
