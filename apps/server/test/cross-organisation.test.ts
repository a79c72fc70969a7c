import { writeFileSync } from 'node:fs';
import path from 'node:path';
import { ROLE } from '@atrium/contract';
import { sql } from 'drizzle-orm';
import type { LightMyRequestResponse } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { queryRows } from '../src/core/db/database.ts';
import { repositoryFiles } from '../src/schema/courses.table.ts';
import { videoTranscodes } from '../src/schema/video.table.ts';
import { createTestApp, type TestApp } from './app.ts';
import { bearer, makeOrganisationWithStaff, type Staff, tokenFor } from './auth.ts';
import { PDF, PNG, storedFiles } from './factories/catalogue.ts';
import { makeUser } from './factories/index.ts';
import { samplePackage } from './factories/scorm.ts';
import { makeStructure } from './factories/structure.ts';
import { multipart } from './multipart.ts';

/**
 * The cross-organisation column of the authorization matrix (issue 12). The first organisation
 * (acme) owns real objects of every kind; every route that takes an id in its path is called by
 * the admin, the trainer and the learner of a second organisation (globex) with acme's ids and a
 * plausible body. Each call is refused (403 or 404), and afterwards the database and the file
 * store are as they were. A route with an id that CALLS cannot fill fails the first test, as a
 * route without a matrix row fails the matrix: new routes cannot escape the column.
 *
 * The superadmin is left out: it acts on every organisation by design.
 *
 * Course objects come twice: in a course of acme's own (visibility 'organisation') and in a
 * published course acme lists in the shared catalogue, whose reads other organisations may make
 * (SHARED_READS). Writes on the shared course's objects are refused like any other.
 *
 * Beside the path ids: BODY_CALLS name acme's objects in the body or query, and REVERSE has
 * globex act on its own objects while naming one of acme's (its course in acme's category).
 * After the refusals, a control makes each call as its rightful owner: the ids and bodies are
 * real, so each refusal is the organisation's doing and not a typo's.
 */

let t: TestApp;
let acme: Staff;
let globex: Staff;

/** The ids of one course and what hangs on it. */
interface CourseObjects {
  course: number;
  module: number;
  /** The module_files row of the PDF in the module. */
  item: number;
  pdf: number;
  scorm: number;
  scormItem: number;
  video: number;
  videoItem: number;
  failedVideo: number;
  failedVideoItem: number;
  faq: number;
  enrolment: number;
  review: number;
  assignment: number;
  submission: number;
  question: number;
  answer: number;
  /** A pending enrolment request of another acme learner. */
  request: number;
}
/** The ids of acme's organisation-level objects, shared by both courses. */
interface OrganisationObjects {
  org: number;
  category: number;
  department: number;
  designation: number;
  location: number;
  /** A repository file used by no module (one that may be renamed, deleted or attached). */
  looseFile: number;
  learner: number;
  learnerEmail: string;
  /** Learners the user-administration calls act on (acme's control changes them). */
  spare: number[];
  education: number;
  professionalInfo: number;
  address: number;
  additionalInfo: number;
  socialMedia: number;
}
type Fixture = OrganisationObjects & CourseObjects;
let own: Fixture;
let shared: Fixture;

type Body = Record<string, unknown> | unknown[] | { parts: Parameters<typeof multipart>[0] };
type Caller = 'superadmin' | 'admin' | 'trainer' | 'learner';
interface IdCall {
  /** Path parameters ('*' for a wildcard). */
  params(f: Fixture): Record<string, string | number>;
  query?(f: Fixture): string;
  body?(f: Fixture): Body;
  headers?: Record<string, string>;
  /** A list filtered by the caller's organisation: an empty page is a refusal too. */
  list?: true;
  /** Its control hides the course from the other controls (back to draft): it runs after them. */
  lastControl?: true;
  /**
   * Who in acme may make the call: the control that the ids and the body are real, so that
   * globex's refusal is the organisation's doing. Default: the admin.
   */
  owner?: Caller;
}

const file = (name: string, filename: string, content: Buffer, type: string) => ({
  parts: [{ name, filename, content, type }],
});

/** Every route that takes an id in its path, with how to fill it. */
const CALLS: Record<string, IdCall> = {
  // Organisations and their structure.
  'GET /api/v1/accounts/organization/:id/': { params: (f) => ({ id: f.org }) },
  'PATCH /api/v1/accounts/organization/:id/': {
    params: (f) => ({ id: f.org }),
    body: () => ({ title: 'Taken over' }),
  },
  // A superadmin-only call: the owner who proves the id is real is acme's superadmin.
  'DELETE /api/v1/accounts/organization/:id/': {
    params: (f) => ({ id: f.org }),
    owner: 'superadmin',
  },
  'GET /api/v1/accounts/organization-theme/:id/': { params: (f) => ({ id: f.org }) },
  'PATCH /api/v1/accounts/organization-theme/:id/': {
    params: (f) => ({ id: f.org }),
    body: () => ({ title: 'Taken over', theme_color: '#000000' }),
  },
  'PUT /api/v1/accounts/organization-theme/:id/image/:kind/': {
    params: (f) => ({ id: f.org, kind: 'site_logo' }),
    body: () => file('file', 'logo.png', PNG, 'image/png'),
  },
  'DELETE /api/v1/accounts/organization-theme/:id/image/:kind/': {
    params: (f) => ({ id: f.org, kind: 'logo' }),
  },
  'GET /api/v1/accounts/organization-theme/:id/image/:kind/': {
    params: (f) => ({ id: f.org, kind: 'logo' }),
  },
  'GET /api/v1/accounts/get_departments_by_organization/:org/': {
    params: (f) => ({ org: f.org }),
  },
  'GET /api/v1/accounts/get-designation-by-department/:id/': {
    params: (f) => ({ id: f.department }),
  },
  'GET /api/v1/accounts/get-location-by-department/:id/': {
    params: (f) => ({ id: f.department }),
  },
  'PATCH /api/v1/accounts/department-organization-map/:id/': {
    params: (f) => ({ id: f.department }),
    body: () => ({ name: 'Taken over' }),
  },
  'DELETE /api/v1/accounts/department-organization-map/:id/': {
    params: (f) => ({ id: f.department }),
  },
  'PATCH /api/v1/accounts/department-organization-designation-map/:id/': {
    params: (f) => ({ id: f.designation }),
    body: () => ({ name: 'Taken over' }),
  },
  'DELETE /api/v1/accounts/department-organization-designation-map/:id/': {
    params: (f) => ({ id: f.designation }),
  },
  'PATCH /api/v1/accounts/master-organization-department-location/:id/': {
    params: (f) => ({ id: f.location }),
    body: () => ({ name: 'Taken over', address: 'Elsewhere' }),
  },
  'DELETE /api/v1/accounts/master-organization-department-location/:id/': {
    params: (f) => ({ id: f.location }),
  },

  // User administration.
  'PATCH /api/v1/accounts/user-action/:id/': {
    params: (f) => ({ id: f.spare[0]! }),
    body: () => ({ action: 'deactivate' }),
  },
  'DELETE /api/v1/accounts/remove-user/:id/': { params: (f) => ({ id: f.spare[1]! }) },

  // Profiles.
  'GET /api/v1/accounts/user-profile-details/:id/': { params: (f) => ({ id: f.learner }) },
  'PATCH /api/v1/accounts/:id/': {
    params: (f) => ({ id: f.learner }),
    body: () => ({ first_name: 'Taken', bio: 'over' }),
  },
  'GET /api/v1/accounts/profile_image/:id/': { params: (f) => ({ id: f.learner }) },
  'PATCH /api/v1/accounts/profile_image/:id/': {
    params: (f) => ({ id: f.learner }),
    body: () => file('file', 'me.png', PNG, 'image/png'),
  },
  'PATCH /api/v1/accounts/education/:id/': {
    params: (f) => ({ id: f.education }),
    body: () => ({ grade: 'F' }),
  },
  'DELETE /api/v1/accounts/education/:id/': { params: (f) => ({ id: f.education }) },
  'PATCH /api/v1/accounts/professional-info/:id/': {
    params: (f) => ({ id: f.professionalInfo }),
    body: () => ({ title: 'Taken over' }),
  },
  'PATCH /api/v1/accounts/location/:id/': {
    params: (f) => ({ id: f.address }),
    body: () => ({ city: 'Elsewhere' }),
  },
  'PATCH /api/v1/accounts/additional-info/:id/': {
    params: (f) => ({ id: f.additionalInfo }),
    body: () => ({ interests: 'Taking over' }),
  },
  'PATCH /api/v1/accounts/social-media/:id/': {
    params: (f) => ({ id: f.socialMedia }),
    body: () => ({ website: 'https://evil.example/' }),
  },

  // The catalogue: courses, categories, modules, files.
  'GET /api/courses/:id/': { params: (f) => ({ id: f.course }) },
  'PATCH /api/courses/:id/': {
    params: (f) => ({ id: f.course }),
    body: () => ({ title: 'Taken over' }),
  },
  'DELETE /api/courses/:id/': { params: (f) => ({ id: f.course }) },
  'GET /api/courses/:id/image/': { params: (f) => ({ id: f.course }) },
  'PATCH /api/courses/published/:id/': {
    params: (f) => ({ id: f.course }),
    body: () => ({ status: 'draft' }),
    lastControl: true,
  },
  'GET /api/courses/categories/:id/': { params: (f) => ({ id: f.category }) },
  'PATCH /api/courses/categories/:id/': {
    params: (f) => ({ id: f.category }),
    body: () => ({ name: 'Taken over' }),
  },
  'DELETE /api/courses/categories/:id/': { params: (f) => ({ id: f.category }) },
  'GET /api/courses/categories/:id/image/': { params: (f) => ({ id: f.category }) },
  'GET /api/courses/:courseId/modules/': { params: (f) => ({ courseId: f.course }) },
  // Reorders before additions: the control of a reorder lists every module (file) there is.
  'PATCH /api/courses/:courseId/modules/': {
    params: (f) => ({ courseId: f.course }),
    body: (f) => ({ order: [f.module] }),
  },
  'POST /api/courses/:courseId/modules/': {
    params: (f) => ({ courseId: f.course }),
    body: () => ({ title: 'Planted' }),
  },
  'GET /api/courses/modules/:id/': { params: (f) => ({ id: f.module }) },
  'PATCH /api/courses/modules/:id/': {
    params: (f) => ({ id: f.module }),
    body: () => ({ title: 'Taken over' }),
  },
  'DELETE /api/courses/modules/:id/': { params: (f) => ({ id: f.module }) },
  'PATCH /api/courses/modules/:id/files/': {
    params: (f) => ({ id: f.module }),
    body: (f) => ({ order: [f.scormItem, f.item, f.videoItem, f.failedVideoItem] }),
  },
  'POST /api/courses/modules/:id/files/': {
    params: (f) => ({ id: f.module }),
    body: (f) => ({ file: f.looseFile }),
  },
  'PATCH /api/courses/modules/:id/files/:itemId/': {
    params: (f) => ({ id: f.module, itemId: f.item }),
    body: () => ({ required: false }),
  },
  'DELETE /api/courses/modules/:id/files/:itemId/': {
    params: (f) => ({ id: f.module, itemId: f.item }),
  },
  'PATCH /api/courses/file-repo/:id/': {
    params: (f) => ({ id: f.looseFile }),
    body: () => ({ name: 'Taken over' }),
  },
  'DELETE /api/courses/file-repo/:id/': { params: (f) => ({ id: f.looseFile }) },
  'GET /api/courses/file-repo/:id/download/': { params: (f) => ({ id: f.pdf }) },

  // Learning inside a course.
  'GET /api/courses/faq-list/:courseId/': { params: (f) => ({ courseId: f.course }) },
  'PATCH /api/courses/faq/:id/': {
    params: (f) => ({ id: f.faq }),
    body: () => ({ answer: 'Taken over' }),
  },
  'DELETE /api/courses/faq/:id/': { params: (f) => ({ id: f.faq }) },
  'GET /api/courses/reviews-list/:courseId/': { params: (f) => ({ courseId: f.course }) },
  'POST /api/courses/:courseId/assign/': {
    params: (f) => ({ courseId: f.course }),
    body: (f) => ({ users: [f.spare[2]!] }),
  },
  'POST /api/courses/:courseId/unassign/': {
    params: (f) => ({ courseId: f.course }),
    // The learner the assign call's control enrolled: acme's own learner keeps their enrolment.
    body: (f) => ({ users: [f.spare[2]!] }),
  },
  'GET /api/courses/:courseId/enrolments/': { params: (f) => ({ courseId: f.course }) },
  'PATCH /api/courses/user-enrolments/:id/': {
    params: (f) => ({ id: f.enrolment }),
    body: () => ({ due_at: '2031-01-01T00:00:00Z' }),
  },
  'PATCH /api/courses/assignment/:id/': {
    params: (f) => ({ id: f.assignment }),
    body: () => ({ title: 'Taken over' }),
  },
  'DELETE /api/courses/assignment/:id/': { params: (f) => ({ id: f.assignment }) },
  'POST /api/courses/assignment/:id/submit/': {
    params: (f) => ({ id: f.assignment }),
    body: () => ({ parts: [{ name: 'text', value: 'Planted' }] }),
    owner: 'learner',
  },
  'POST /api/courses/assignment/:id/grade/': {
    params: (f) => ({ id: f.assignment }),
    body: (f) => ({ user: f.learner, score: 1, feedback: 'Taken over' }),
  },
  'GET /api/courses/assignment/:id/submissions/': { params: (f) => ({ id: f.assignment }) },
  'GET /api/courses/assignment-submission/:id/file/': { params: (f) => ({ id: f.submission }) },

  // Video and SCORM.
  'GET /api/video/:id/': { params: (f) => ({ id: f.video }) },
  'POST /api/video/:id/retry/': { params: (f) => ({ id: f.failedVideo }) },
  'GET /api/video/:id/poster.jpg': { params: (f) => ({ id: f.video }) },
  'GET /api/video/:id/hls/*': { params: (f) => ({ id: f.video, '*': 'master.m3u8' }) },
  'GET /api/scorm/files/:fileId/package/': { params: (f) => ({ fileId: f.scorm }) },
  'GET /api/scorm/module-files/:id/runtime/': {
    params: (f) => ({ id: f.scormItem }),
    query: () => '?sco=intro',
    owner: 'learner',
  },
  'POST /api/scorm/module-files/:id/runtime/': {
    params: (f) => ({ id: f.scormItem }),
    query: () => '?sco=intro&attempt=1&session=cross-org-1',
    body: () => ({ cmi: { core: { lesson_status: 'passed', score: { raw: '100' } } } }),
    headers: { 'sec-fetch-site': 'same-origin' },
    owner: 'learner',
  },
  'POST /api/scorm/module-files/:id/attempts/': {
    params: (f) => ({ id: f.scormItem }),
    body: () => ({}),
    owner: 'learner',
  },
};

/**
 * Routes that name acme's objects in the body or the query rather than the path. Unlike CALLS,
 * nothing finds a new route of this kind by itself: add it here when you write it.
 */
const BODY_CALLS: Record<string, IdCall> = {
  'POST /api/courses/faq/': {
    params: () => ({}),
    body: (f) => ({ course: f.course, question: 'Planted?', answer: 'Yes.' }),
  },
  'POST /api/courses/reviews/': {
    params: () => ({}),
    body: (f) => ({ course: f.course, rating: 1, comment: 'Planted.' }),
    owner: 'learner',
  },
  'POST /api/courses/course_enrollment_request/': {
    params: () => ({}),
    body: (f) => ({ course: f.course }),
    owner: 'learner',
  },
  'POST /api/courses/approved_course_enrollment_request/': {
    params: () => ({}),
    body: (f) => ({ enrolment: f.request }),
  },
  'POST /api/courses/course_enrollment_request_reject_by_user/': {
    params: () => ({}),
    body: (f) => ({ enrolment: f.request, reason: 'Taken over' }),
  },
  'POST /api/courses/module-file-user-status/': {
    params: () => ({}),
    body: (f) => ({ module_file: f.item, status: 'completed', time_spent: 60 }),
    owner: 'learner',
  },
  'POST /api/courses/user-course-module-file-status/': {
    params: () => ({}),
    body: (f) => ({ course: f.course, user: f.learner }),
  },
  'GET /api/courses/assignment/': { params: () => ({}), query: (f) => `?course=${f.course}` },
  'POST /api/courses/assignment/': {
    params: () => ({}),
    body: (f) => ({ course: f.course, module: f.module, title: 'Planted' }),
  },
  'GET /api/courses/course-discussion-question/': {
    params: () => ({}),
    query: (f) => `?course=${f.course}`,
  },
  'POST /api/courses/course-discussion-question/': {
    params: () => ({}),
    body: (f) => ({ course: f.course, body: 'Planted?' }),
    owner: 'learner',
  },
  'POST /api/courses/course-discussion-answer/': {
    params: () => ({}),
    body: (f) => ({ question: f.question, body: 'Planted.' }),
    owner: 'learner',
  },
  'POST /api/courses/course-discussion-like/': {
    params: () => ({}),
    body: (f) => ({ question: f.question }),
    owner: 'learner',
  },
  'POST /api/courses/answer-like-dislike/': {
    params: () => ({}),
    body: (f) => ({ answer: f.answer, value: -1 }),
    owner: 'learner',
  },
  'GET /api/scorm/report/': { params: () => ({}), query: (f) => `?course=${f.course}` },
  'GET /api/scorm/track/': { params: () => ({}), query: (f) => `?email=${f.learnerEmail}` },
  'GET /api/dashboard/get_permission/': {
    params: () => ({}),
    query: (f) => `?user_id=${f.learner}`,
  },
  'POST /api/dashboard/get_permission/': {
    params: () => ({}),
    body: (f) => ({ user_id: f.learner, permissions: null }),
  },
  'GET /api/v1/accounts/user-module-audit-history/': {
    params: () => ({}),
    query: (f) => `?user=${f.learner}`,
    list: true,
  },
};

/**
 * The other direction: globex acts on its own objects and names one of acme's in the body (its
 * course in acme's category, acme's file in its module...). Refused with 400, 403 or 404. The
 * control is the same call naming globex's own object instead, which globex's admin may make.
 */
interface ReverseCall {
  route: string;
  params?(mine: Mine): Record<string, number>;
  /** `named`: acme's objects in the attack, globex's own in the control. */
  body(named: Named, mine: Mine): Body;
}
/** What a body may name: the organisation-level objects both organisations have. */
interface Named {
  org: number;
  department: number;
  category: number;
  looseFile: number;
  learner: number;
  module: number;
}
/** Globex's own objects the reverse calls act on. */
interface Mine extends Named {
  course: number;
}
let mine: Mine;
const REVERSE: ReverseCall[] = [
  {
    route: 'POST /api/v1/accounts/department-organization-map/',
    body: (n) => ({ organization: n.org, name: 'Planted' }),
  },
  {
    route: 'POST /api/v1/accounts/department-organization-designation-map/',
    body: (n) => ({ department: n.department, name: 'Planted' }),
  },
  {
    route: 'POST /api/v1/accounts/master-organization-department-location/',
    body: (n) => ({ department: n.department, name: 'Planted' }),
  },
  {
    route: 'POST /api/v1/accounts/add-user/',
    body: (n) => ({
      username: `planted_${n.department}`,
      email: `planted_${n.department}@example.test`,
      role: ROLE.LEARNER,
      department: n.department,
      password: 'Planted-pass-1',
    }),
  },
  {
    route: 'PATCH /api/v1/accounts/:id/',
    params: (m) => ({ id: m.learner }),
    body: (n) => ({ department: n.department }),
  },
  {
    route: 'POST /api/v1/accounts/education/',
    body: (n) => ({ user: n.learner, institution: 'Planted', degree: 'BSc' }),
  },
  {
    route: 'POST /api/v1/accounts/bulk-edu-create/',
    body: (n) => [{ user: n.learner, institution: 'Planted', degree: 'MSc' }],
  },
  {
    route: 'POST /api/v1/accounts/professional-info/',
    body: (n) => ({ user: n.learner, company: 'Planted', title: 'Analyst' }),
  },
  {
    route: 'POST /api/v1/accounts/location/',
    body: (n) => ({ user: n.learner, city: 'Planted' }),
  },
  {
    route: 'POST /api/v1/accounts/additional-info/',
    body: (n) => ({ user: n.learner, interests: 'Planted' }),
  },
  {
    route: 'POST /api/v1/accounts/social-media/',
    body: (n) => ({ user: n.learner, github: 'https://github.com/planted' }),
  },
  {
    route: 'POST /api/courses/',
    body: (n) => ({ title: 'Planted', category: n.category }),
  },
  {
    route: 'PATCH /api/courses/:id/',
    params: (m) => ({ id: m.course }),
    body: (n) => ({ category: n.category }),
  },
  {
    route: 'POST /api/courses/modules/:id/files/',
    params: (m) => ({ id: m.module }),
    body: (n) => ({ file: n.looseFile }),
  },
  {
    route: 'PATCH /api/courses/:courseId/modules/',
    params: (m) => ({ courseId: m.course }),
    body: (n) => ({ order: [n.module] }),
  },
  {
    route: 'POST /api/courses/:courseId/assign/',
    params: (m) => ({ courseId: m.course }),
    body: (n) => ({ users: [n.learner] }),
  },
  {
    route: 'POST /api/courses/:courseId/assign/',
    params: (m) => ({ courseId: m.course }),
    body: (n) => ({ department: n.department }),
  },
  {
    route: 'POST /api/courses/assignment/',
    body: (n, m) => ({ course: m.course, module: n.module, title: 'Planted' }),
  },
];

/**
 * Reads another organisation may make, and why. Only reads: the writes on the same objects are
 * in CALLS and stay refused.
 */
const SHARED_READS: Record<string, { reason: string; fixtures: 'shared' | 'both' }> = {
  'GET /api/v1/accounts/organization-theme/:id/image/:kind/': {
    reason: 'public: the sign-in page shows the logo before anyone signs in',
    fixtures: 'both',
  },
  'GET /api/courses/:id/': {
    reason: 'a published course in the shared catalogue is visible to every organisation',
    fixtures: 'shared',
  },
  'GET /api/courses/:id/image/': { reason: 'part of the shared course', fixtures: 'shared' },
  'GET /api/courses/:courseId/modules/': {
    reason: 'the outline of the shared course',
    fixtures: 'shared',
  },
  'GET /api/courses/modules/:id/': { reason: 'a module of the shared course', fixtures: 'shared' },
  'GET /api/courses/file-repo/:id/download/': {
    reason: 'the download rule follows the course: a file of the shared course',
    fixtures: 'shared',
  },
  'GET /api/courses/faq-list/:courseId/': {
    reason: 'the FAQs of the shared course',
    fixtures: 'shared',
  },
  'GET /api/courses/reviews-list/:courseId/': {
    reason: 'the reviews of the shared course',
    fixtures: 'shared',
  },
  'GET /api/video/:id/': { reason: 'a video of the shared course', fixtures: 'shared' },
  'GET /api/video/:id/poster.jpg': { reason: 'a video of the shared course', fixtures: 'shared' },
  'GET /api/video/:id/hls/*': { reason: 'a video of the shared course', fixtures: 'shared' },
  'GET /api/scorm/files/:fileId/package/': {
    reason: 'a package of the shared course',
    fixtures: 'shared',
  },
};

// ---------- calling ----------

function urlOf(key: string, call: IdCall, f: Fixture): string {
  const params = call.params(f);
  const route = key.slice(key.indexOf(' ') + 1);
  const filled = route
    .replace(/:(\w+)/g, (_, name: string) => {
      if (params[name] === undefined) throw new Error(`${key}: no value for :${name}`);
      return String(params[name]);
    })
    .replace('*', () => String(params['*']));
  return filled + (call.query?.(f) ?? '');
}

function send(key: string, call: IdCall, f: Fixture, token: string) {
  const method = key.slice(0, key.indexOf(' ')) as 'GET';
  const body = call.body?.(f);
  const headers = { ...call.headers, ...bearer(token) };
  if (body && 'parts' in body) {
    const form = multipart(body.parts as Parameters<typeof multipart>[0]);
    return t.app.inject({
      method,
      url: urlOf(key, call, f),
      payload: form.payload,
      headers: { ...form.headers, ...headers },
    });
  }
  return t.app.inject({
    method,
    url: urlOf(key, call, f),
    headers,
    ...(body === undefined ? {} : { payload: body }),
  });
}

function sendReverse(call: ReverseCall, named: Named, token: string) {
  const key = call.route;
  const asCall: IdCall = {
    params: () => call.params?.(mine) ?? {},
    body: () => call.body(named, mine),
  };
  return send(key, asCall, own, token);
}

/** Whether an answer shows nothing: a refusal, or an empty page of a filtered list. */
function refused(res: LightMyRequestResponse, call: IdCall) {
  if (res.statusCode === 403 || res.statusCode === 404) return true;
  return Boolean(call.list) && res.statusCode === 200 && res.json().count === 0;
}

const idRoutes = () =>
  t.app.accessRules.map((r) => `${r.method} ${r.url}`).filter((key) => /[:*]/.test(key));

function expectCreated(res: LightMyRequestResponse, what: string): { id: number } {
  expect(res.statusCode, `${what}: ${res.body}`).toBeLessThan(300);
  return res.json();
}

// ---------- acme's objects ----------

async function json(
  token: string,
  method: 'POST' | 'PATCH' | 'PUT',
  url: string,
  payload: Body,
): Promise<{ id: number } & Record<string, unknown>> {
  const res =
    'parts' in payload
      ? await (() => {
          const form = multipart(payload.parts as Parameters<typeof multipart>[0]);
          return t.app.inject({
            method,
            url,
            payload: form.payload,
            headers: { ...form.headers, ...bearer(token) },
          });
        })()
      : await t.app.inject({ method, url, payload, headers: bearer(token) });
  return expectCreated(res, `${method} ${url}`) as { id: number } & Record<string, unknown>;
}

/** A video file whose transcode is in the given state (a ready one has a poster and playlist). */
async function makeVideo(status: 'ready' | 'failed'): Promise<number> {
  const db = t.database.db;
  const key = `repository/video/${Math.random().toString(16).slice(2)}.mp4`;
  const [f] = await db
    .insert(repositoryFiles)
    .values({
      organisationId: acme.org.id,
      uploadedBy: acme.admin.user.id,
      name: 'clip.mp4',
      kind: 'video',
      storageKey: key,
      contentType: 'video/mp4',
      size: 10,
    })
    .returning();
  if (status === 'failed') {
    await db.insert(videoTranscodes).values({ fileId: f!.id, sourceKey: key, status, error: 'x' });
    return f!.id;
  }
  const tree = await t.app.ctx.files.createTree('video');
  writeFileSync(path.join(tree.dir, 'poster.jpg'), PNG);
  writeFileSync(path.join(tree.dir, 'master.m3u8'), '#EXTM3U\n');
  await db.insert(videoTranscodes).values({
    fileId: f!.id,
    sourceKey: key,
    status,
    progressPercent: 100,
    poster: 'poster.jpg',
    treeKey: tree.key,
  });
  return f!.id;
}

async function makeCourseObjects(visibility: 'organisation' | 'catalogue'): Promise<CourseObjects> {
  const admin = acme.admin.token;
  const learner = acme.learner.token;
  const course = await json(admin, 'POST', '/api/courses/', {
    parts: [
      { name: 'title', value: `Course (${visibility})` },
      { name: 'visibility', value: visibility },
      { name: 'image', filename: 'c.png', content: PNG, type: 'image/png' },
    ],
  });
  const module = await json(admin, 'POST', `/api/courses/${course.id}/modules/`, {
    title: 'One',
  });
  const pdf = await json(admin, 'POST', '/api/courses/file-repo/', {
    parts: [{ name: 'file', filename: 'notes.pdf', content: PDF, type: 'application/pdf' }],
  });
  const scorm = await json(admin, 'POST', '/api/courses/file-repo/', {
    parts: [{ name: 'file', filename: 'p.zip', content: await samplePackage('1.2') }],
  });
  const video = await makeVideo('ready');
  const failedVideo = await makeVideo('failed');
  const attach = (file: number) =>
    json(admin, 'POST', `/api/courses/modules/${module.id}/files/`, { file });
  const item = await attach(pdf.id);
  const scormItem = await attach(scorm.id);
  const videoItem = await attach(video);
  const failedVideoItem = await attach(failedVideo);
  const itemId = (m: Record<string, unknown>, file: number) =>
    (m.files as { id: number; file_id: number }[]).find((x) => x.file_id === file)!.id;
  await json(admin, 'PATCH', `/api/courses/published/${course.id}/`, { status: 'published' });

  const faq = await json(admin, 'POST', '/api/courses/faq/', {
    course: course.id,
    question: 'Why?',
    answer: 'Because.',
  });
  await json(admin, 'POST', `/api/courses/${course.id}/assign/`, { users: [acme.learner.user.id] });
  const enrolments = await t.app.inject({
    url: `/api/courses/${course.id}/enrolments/`,
    headers: bearer(admin),
  });
  const enrolment = (enrolments.json().results as { id: number }[])[0]!;
  const review = await json(learner, 'POST', '/api/courses/reviews/', {
    course: course.id,
    rating: 4,
    comment: 'Good.',
  });
  const assignment = await json(admin, 'POST', '/api/courses/assignment/', {
    course: course.id,
    title: 'Essay',
  });
  const submission = await json(
    learner,
    'POST',
    `/api/courses/assignment/${assignment.id}/submit/`,
    {
      parts: [{ name: 'file', filename: 'essay.pdf', content: PDF, type: 'application/pdf' }],
    },
  );
  const question = await json(learner, 'POST', '/api/courses/course-discussion-question/', {
    course: course.id,
    body: 'A question?',
  });
  const answer = await json(admin, 'POST', '/api/courses/course-discussion-answer/', {
    question: question.id,
    body: 'An answer.',
  });
  const requester = await makeUser(t.database.db, { organisationId: acme.org.id });
  const request = await json(
    await tokenFor(t.database.db, t.config, requester, acme.org.id),
    'POST',
    '/api/courses/course_enrollment_request/',
    { course: course.id },
  );
  return {
    course: course.id,
    module: module.id,
    item: itemId(item, pdf.id),
    pdf: pdf.id,
    scorm: scorm.id,
    scormItem: itemId(scormItem, scorm.id),
    video,
    videoItem: itemId(videoItem, video),
    failedVideo,
    failedVideoItem: itemId(failedVideoItem, failedVideo),
    faq: faq.id,
    enrolment: enrolment.id,
    review: (review.review as { id: number }).id,
    assignment: assignment.id,
    submission: submission.id,
    question: question.id,
    answer: answer.id,
    request: request.id,
  };
}

async function makeOrganisationObjects(): Promise<OrganisationObjects> {
  const db = t.database.db;
  const admin = acme.admin.token;
  const learner = acme.learner.token;
  const { sales } = await makeStructure(db, acme.org.id);
  const spare = [];
  for (let i = 0; i < 3; i++) {
    spare.push((await makeUser(db, { organisationId: acme.org.id, roleId: ROLE.LEARNER })).id);
  }
  const category = await json(admin, 'POST', '/api/courses/categories/', {
    parts: [
      { name: 'name', value: 'Safety' },
      { name: 'image', filename: 'c.png', content: PNG, type: 'image/png' },
    ],
  });
  const looseFile = await json(admin, 'POST', '/api/courses/file-repo/', {
    parts: [{ name: 'file', filename: 'loose.pdf', content: PDF, type: 'application/pdf' }],
  });
  await json(admin, 'PUT', `/api/v1/accounts/organization-theme/${acme.org.id}/image/logo/`, {
    parts: [{ name: 'file', filename: 'logo.png', content: PNG, type: 'image/png' }],
  });
  await json(learner, 'PATCH', `/api/v1/accounts/profile_image/${acme.learner.user.id}/`, {
    parts: [{ name: 'file', filename: 'me.png', content: PNG, type: 'image/png' }],
  });
  const section = (name: string, body: Record<string, unknown>) =>
    json(learner, 'POST', `/api/v1/accounts/${name}/`, body);
  return {
    org: acme.org.id,
    category: category.id,
    department: sales.department.id,
    designation: sales.designation.id,
    location: sales.location.id,
    looseFile: looseFile.id,
    learner: acme.learner.user.id,
    learnerEmail: acme.learner.user.email,
    spare,
    education: (await section('education', { institution: 'Leeds', degree: 'BSc' })).id,
    professionalInfo: (await section('professional-info', { company: 'Acme', title: 'Analyst' }))
      .id,
    address: (await section('location', { city: 'Leeds' })).id,
    additionalInfo: (await section('additional-info', { interests: 'Chess' })).id,
    socialMedia: (await section('social-media', { github: 'https://github.com/acme' })).id,
  };
}

async function makeGlobexObjects(): Promise<Mine> {
  const admin = globex.admin.token;
  const { sales } = await makeStructure(t.database.db, globex.org.id);
  const category = await json(admin, 'POST', '/api/courses/categories/', { name: 'Globex' });
  const looseFile = await json(admin, 'POST', '/api/courses/file-repo/', {
    parts: [{ name: 'file', filename: 'g.pdf', content: PDF, type: 'application/pdf' }],
  });
  // The trainer's course: globex's trainer manages it too, so their refusals are acme's doing.
  const course = await json(globex.trainer.token, 'POST', '/api/courses/', { title: 'Globex' });
  const module = await json(admin, 'POST', `/api/courses/${course.id}/modules/`, { title: 'G' });
  await json(admin, 'PATCH', `/api/courses/published/${course.id}/`, { status: 'published' });
  return {
    org: globex.org.id,
    department: sales.department.id,
    category: category.id,
    looseFile: looseFile.id,
    learner: globex.learner.user.id,
    module: module.id,
    course: course.id,
  };
}

// ---------- what must not change ----------

/** Every row of every table and every stored file: a refused call changes none of them. */
async function snapshot() {
  const db = t.database.db;
  const tables = await queryRows<{ name: string }>(
    db,
    sql`select table_name as name from information_schema.tables
        where table_schema = current_schema() and table_type = 'BASE TABLE' order by 1`,
  );
  const rows: Record<string, string[]> = {};
  for (const { name } of tables) {
    const all = await queryRows<{ r: string }>(
      db,
      sql.raw(`select t::text as r from "${name}" t order by 1`),
    );
    rows[name] = all.map((x) => x.r);
  }
  return { rows, files: storedFiles(t).sort() };
}

// ---------- the tests ----------

beforeAll(async () => {
  t = await createTestApp();
  acme = await makeOrganisationWithStaff(t.database.db, t.config, { isDefault: true });
  globex = await makeOrganisationWithStaff(t.database.db, t.config);
  const org = await makeOrganisationObjects();
  own = { ...org, ...(await makeCourseObjects('organisation')) };
  shared = { ...org, ...(await makeCourseObjects('catalogue')) };
  mine = await makeGlobexObjects();
  // Made on first use (a package's launch): made now, so that first use is not a change.
  await t.app.ctx.secrets.get('content-grant');
}, 120_000);
afterAll(() => t?.close());

/** The calls to make: each route with each fixture set, once per distinct URL and body. */
function plan() {
  const out: { key: string; call: IdCall; f: Fixture; set: 'own' | 'shared' }[] = [];
  const seen = new Set<string>();
  for (const [key, call] of [...Object.entries(CALLS), ...Object.entries(BODY_CALLS)]) {
    for (const [set, f] of [
      ['own', own],
      ['shared', shared],
    ] as const) {
      const id = `${key} ${urlOf(key, call, f)} ${JSON.stringify(call.body?.(f) ?? null)}`;
      if (seen.has(id)) continue;
      seen.add(id);
      out.push({ key, call, f, set });
    }
  }
  return out;
}

const outsiders = ['admin', 'trainer', 'learner'] as const;

describe('cross-organisation column', () => {
  it('knows how to fill every route that takes an id', () => {
    const missing = idRoutes().filter((key) => !CALLS[key]);
    expect(missing.map((key) => `add an id for ${key}`)).toEqual([]);
    const stale = Object.keys(CALLS).filter((key) => !idRoutes().includes(key));
    expect(stale.map((key) => `no such route: ${key}`)).toEqual([]);
    for (const key of Object.keys(SHARED_READS)) {
      expect(key.startsWith('GET '), `${key}: only reads may be shared`).toBe(true);
      expect(CALLS[key] ?? BODY_CALLS[key], key).toBeDefined();
    }
    const routes = t.app.accessRules.map((r) => `${r.method} ${r.url}`);
    const unknown = [...Object.keys(BODY_CALLS), ...REVERSE.map((c) => c.route)].filter(
      (key) => !routes.includes(key),
    );
    expect(unknown.map((key) => `no such route: ${key}`)).toEqual([]);
  });

  it("refuses another organisation's admin, trainer and learner, and nothing changes", async () => {
    const before = await snapshot();
    const wrong: string[] = [];
    for (const { key, call, f, set } of plan()) {
      const exception = SHARED_READS[key];
      const visible = exception && (exception.fixtures === 'both' || set === 'shared');
      const results = await Promise.all(
        outsiders.map(async (who) => [who, await send(key, call, f, globex[who].token)] as const),
      );
      for (const [who, res] of results) {
        const ok = visible ? res.statusCode === 200 : refused(res, call);
        if (!ok) {
          wrong.push(
            `${key} (${set}) as globex ${who} → ${res.statusCode} ${res.body.slice(0, 200)}`,
          );
        }
      }
    }
    for (const call of REVERSE) {
      for (const who of outsiders) {
        const res = await sendReverse(call, own, globex[who].token);
        if (![400, 403, 404].includes(res.statusCode)) {
          wrong.push(
            `${call.route} naming acme's as globex ${who} → ${res.statusCode} ${res.body.slice(0, 200)}`,
          );
        }
      }
    }
    expect(wrong).toEqual([]);
    const after = await snapshot();
    expect(after.files).toEqual(before.files);
    for (const table of Object.keys(before.rows)) {
      expect(after.rows[table], table).toEqual(before.rows[table]);
    }
  });

  it("lets acme's own people make the same calls (the ids and bodies are real)", async () => {
    // Reads first, then the learner's writes, the other writes (the return to draft last), and
    // deletes, children before parents (CALLS lists parents first): each control finds what it
    // names still there, in the state it needs.
    const order = plan().filter((p) => p.set === 'own' || SHARED_READS[p.key]);
    const reads = order.filter((p) => p.key.startsWith('GET '));
    const rank = (p: { call: IdCall }) =>
      p.call.owner === 'learner' ? 0 : p.call.lastControl ? 2 : 1;
    const writes = order
      .filter((p) => !p.key.startsWith('GET ') && !p.key.startsWith('DELETE '))
      .sort((a, b) => rank(a) - rank(b));
    const deletes = order.filter((p) => p.key.startsWith('DELETE ')).reverse();
    const wrong: string[] = [];
    for (const { key, call, f, set } of [...reads, ...writes, ...deletes]) {
      const owner = call.owner ?? 'admin';
      const token = await tokenFor(t.database.db, t.config, acme[owner].user, acme.org.id);
      const res = await send(key, call, f, token);
      const ok = key.startsWith('GET ')
        ? res.statusCode === 200
        : res.statusCode < 500 && res.statusCode !== 403 && res.statusCode !== 404;
      if (!ok) wrong.push(`${key} (${set}) as acme ${owner} → ${res.statusCode} ${res.body}`);
    }
    for (const call of REVERSE) {
      const res = await sendReverse(call, mine, globex.admin.token);
      if (res.statusCode >= 300) {
        wrong.push(`${call.route} naming globex's own → ${res.statusCode} ${res.body}`);
      }
    }
    expect(wrong).toEqual([]);
  });
});
