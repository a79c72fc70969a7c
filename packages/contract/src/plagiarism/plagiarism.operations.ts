import { ZIdParams } from '../core/ids.ts';
import { defineOperation } from '../core/operation.ts';
import {
  ZMatchDecisionInput,
  ZOwnSimilarity,
  ZPlagiarismCheckDetail,
  ZPlagiarismCheckPage,
  ZPlagiarismCheckQuery,
  ZPlagiarismMatch,
  ZPlagiarismSettings,
  ZPlagiarismSettingsInput,
} from './plagiarism.ts';

const tags = ['plagiarism'];
const managers =
  "The course's managers: its organisation's admins and its author trainer; superadmins (others: 404)";

/** Similarity checks: the staff list, one check side by side, decisions, settings. */
export const plagiarismOps = {
  checks: defineOperation({
    method: 'GET',
    path: '/api/plagiarism/checks/',
    query: ZPlagiarismCheckQuery,
    response: ZPlagiarismCheckPage,
    errors: [400, 401, 403] as const,
    summary: 'Checked submissions of the courses the caller manages, newest first',
    access: 'Admins and trainers (the courses they manage); superadmins',
    tags,
  }),
  check: defineOperation({
    method: 'GET',
    path: '/api/plagiarism/checks/:id/',
    params: ZIdParams,
    response: ZPlagiarismCheckDetail,
    errors: [400, 401, 403, 404] as const,
    summary: 'One check: its text and its matches with the other texts and passages',
    access: managers,
    tags,
  }),
  decide: defineOperation({
    method: 'PATCH',
    path: '/api/plagiarism/matches/:id/',
    params: ZIdParams,
    body: ZMatchDecisionInput,
    response: ZPlagiarismMatch,
    errors: [400, 401, 403, 404] as const,
    summary: 'Mark a match acceptable or flagged (or pending again), with a note; audited',
    access: managers,
    tags,
  }),
  settings: defineOperation({
    method: 'GET',
    path: '/api/plagiarism/assignments/:id/settings/',
    params: ZIdParams,
    response: ZPlagiarismSettings,
    errors: [400, 401, 403, 404] as const,
    summary: "An assignment's threshold and whether learners see their score",
    access: managers,
    tags,
  }),
  updateSettings: defineOperation({
    method: 'PUT',
    path: '/api/plagiarism/assignments/:id/settings/',
    params: ZIdParams,
    body: ZPlagiarismSettingsInput,
    response: ZPlagiarismSettings,
    errors: [400, 401, 403, 404] as const,
    summary: "Change an assignment's threshold and learner visibility; audited",
    access: managers,
    tags,
  }),
  ownScore: defineOperation({
    method: 'GET',
    path: '/api/plagiarism/submissions/:id/score/',
    params: ZIdParams,
    response: ZOwnSimilarity,
    errors: [400, 401, 403, 404] as const,
    summary: "The learner's own submission's similarity score, when the assignment shows it",
    access: 'The submission’s learner (anyone else: 404)',
    tags,
  }),
};
