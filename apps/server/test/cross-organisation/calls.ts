import { ROLE } from '@atrium/contract';
import { PNG } from '../factories/catalogue.ts';
import type { multipart } from '../multipart.ts';
import { ADMIN_CALLS } from './admin-calls.ts';
import { ANNOUNCEMENT_CALLS, type AnnouncementObjects } from './announcements-calls.ts';
import { APPROVAL_BODY_CALLS, APPROVAL_CALLS } from './approvals-calls.ts';
import {
  ASSESSMENT_ATTEMPT_BODY_CALLS,
  ASSESSMENT_ATTEMPT_CALLS,
} from './assessment-attempts-calls.ts';
import {
  ASSESSMENT_BODY_CALLS,
  ASSESSMENT_CALLS,
  ASSESSMENT_REVERSE,
  type AssessmentMine,
  type AssessmentObjects,
} from './assessments-calls.ts';
import { BADGE_BODY_CALLS, BADGE_CALLS, type BadgeObjects } from './badges-calls.ts';
import { BLOG_CALLS, type BlogObjects } from './blogs-calls.ts';
import { CALENDAR_CALLS, type CalendarObjects } from './calendar-calls.ts';
import {
  CERTIFICATE_CALLS,
  CERTIFICATE_SHARED_READS,
  type CertificateObjects,
} from './certificates-calls.ts';
import {
  CLASSROOM_BODY_CALLS,
  CLASSROOM_CALLS,
  type ClassroomObjects,
} from './classrooms-calls.ts';
import {
  COMPETENCY_BODY_CALLS,
  COMPETENCY_CALLS,
  type CompetencyObjects,
} from './competencies-calls.ts';
import { CPD_BODY_CALLS, CPD_CALLS, type CpdObjects } from './cpd-calls.ts';
import {
  CREDENTIAL_CALLS,
  CREDENTIAL_SHARED_READS,
  type CredentialObjects,
} from './credentials-calls.ts';
import {
  DISCUSSION_BODY_CALLS,
  DISCUSSION_CALLS,
  DISCUSSION_REVERSE,
  type DiscussionObjects,
} from './discussions-calls.ts';
import { EVENT_BODY_CALLS, EVENT_CALLS, type EventObjects } from './events-calls.ts';
import {
  GAMIFICATION_BODY_CALLS,
  GAMIFICATION_CALLS,
  type GamificationObjects,
} from './gamification-calls.ts';
import { IMAGE_CALLS, type ImageObjects } from './images-calls.ts';
import { JOURNAL_CALLS, type JournalObjects } from './journals-calls.ts';
import {
  LEARNING_PATH_BODY_CALLS,
  LEARNING_PATH_CALLS,
  LEARNING_PATH_REVERSE,
  type LearningPathObjects,
} from './learning-paths-calls.ts';
import { LTI_CALLS, type LtiObjects } from './lti-calls.ts';
import { MANUAL_CALLS, MANUAL_SHARED_READS } from './manual-calls.ts';
import {
  MODERATION_BODY_CALLS,
  MODERATION_CALLS,
  type ModerationObjects,
} from './moderation-calls.ts';
import { PLAGIARISM_CALLS, type PlagiarismObjects } from './plagiarism-calls.ts';
import {
  PROCTORING_BODY_CALLS,
  PROCTORING_CALLS,
  type ProctoringObjects,
} from './proctoring-calls.ts';
import {
  REPORT_TOOL_BODY_CALLS,
  REPORT_TOOL_CALLS,
  type ReportToolObjects,
} from './report-tools-calls.ts';
import { REPORT_BODY_CALLS } from './reports-calls.ts';
import { SEARCH_CALLS, type SearchObjects } from './search-calls.ts';
import { SUPPORT_CALLS, type SupportObjects } from './support-calls.ts';
import {
  VIDEO_SHARE_CALLS,
  VIDEO_SHARE_SHARED_READS,
  type VideoShareObjects,
} from './video-shares-calls.ts';
import { WALL_CALLS, type WallObjects } from './wall-calls.ts';
import { WEBHOOK_CALLS, type WebhookObjects } from './webhooks-calls.ts';
import { XR_CALLS, type XrObjects } from './xr-calls.ts';

/*
 * What the cross-organisation test calls (../cross-organisation.test.ts): acme's objects, the
 * routes that name them, and the reads that may cross organisations.
 */

/** The ids of one course and what hangs on it. */
export interface CourseObjects {
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
  /** A pending enrolment request of another acme learner, and its approval request. */
  request: number;
  approvalRequest: number;
}
/** The ids of acme's organisation-level objects, shared by both courses. */
export interface OrganisationObjects {
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
  /** The admin's one-to-one with the learner, and the attachment of its first message. */
  conversation: number;
  messageAttachment: number;
  /** A notification of acme's admin. */
  notification: number;
  /** Approval flows: a request acme's learner made, an approver, a delegation, a trainer. */
  learnerApprovalRequest: number;
  approver: number;
  delegation: number;
  trainer: number;
}
export type Fixture = OrganisationObjects &
  CourseObjects &
  LearningPathObjects &
  AssessmentObjects &
  ProctoringObjects &
  ClassroomObjects &
  CpdObjects &
  CalendarObjects &
  EventObjects &
  AnnouncementObjects &
  DiscussionObjects &
  ImageObjects &
  WallObjects &
  BlogObjects &
  ModerationObjects &
  GamificationObjects &
  BadgeObjects &
  CertificateObjects &
  CredentialObjects &
  CompetencyObjects &
  JournalObjects &
  VideoShareObjects &
  ReportToolObjects &
  SupportObjects &
  XrObjects &
  PlagiarismObjects &
  SearchObjects &
  WebhookObjects &
  LtiObjects;

export type Body = Record<string, unknown> | unknown[] | { parts: Parameters<typeof multipart>[0] };
export type Caller = 'superadmin' | 'admin' | 'trainer' | 'learner';
export interface IdCall {
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
export const CALLS: Record<string, IdCall> = {
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
  // Direct messages: acme's admin takes part in the conversation and may block the learner.
  'GET /api/messages/conversations/:id/': { params: (f) => ({ id: f.conversation }) },
  'PATCH /api/messages/conversations/:id/': {
    params: (f) => ({ id: f.conversation }),
    body: () => ({ muted: true }),
  },
  'GET /api/messages/conversations/:id/messages/': { params: (f) => ({ id: f.conversation }) },
  'POST /api/messages/conversations/:id/messages/': {
    params: (f) => ({ id: f.conversation }),
    body: () => ({ body: '<p>Planted</p>', idempotency_key: 'cross-organisation-1' }),
  },
  'POST /api/messages/conversations/:id/read/': { params: (f) => ({ id: f.conversation }) },
  'GET /api/messages/attachments/:id/': { params: (f) => ({ id: f.messageAttachment }) },
  // Notifications: the admin's own; anyone else's (any organisation) is a 404.
  'PATCH /api/notify/:id/': {
    params: (f) => ({ id: f.notification }),
    body: () => ({ is_viewed: true }),
  },
  'PUT /api/messages/blocks/:id/': { params: (f) => ({ id: f.learner }) },
  'DELETE /api/messages/blocks/:id/': { params: (f) => ({ id: f.learner }) },
  ...APPROVAL_CALLS,
  ...LEARNING_PATH_CALLS,
  ...ASSESSMENT_CALLS,
  ...ASSESSMENT_ATTEMPT_CALLS,
  ...PROCTORING_CALLS,
  ...CLASSROOM_CALLS,
  ...CPD_CALLS,
  ...CALENDAR_CALLS,
  ...EVENT_CALLS,
  ...ANNOUNCEMENT_CALLS,
  ...DISCUSSION_CALLS,
  ...IMAGE_CALLS,
  ...WALL_CALLS,
  ...MODERATION_CALLS,
  ...BLOG_CALLS,
  ...GAMIFICATION_CALLS,
  ...BADGE_CALLS,
  ...CERTIFICATE_CALLS,
  ...CREDENTIAL_CALLS,
  ...COMPETENCY_CALLS,
  ...JOURNAL_CALLS,
  ...REPORT_TOOL_CALLS,
  ...MANUAL_CALLS,
  ...SUPPORT_CALLS,
  ...XR_CALLS,
  ...PLAGIARISM_CALLS,
  ...SEARCH_CALLS,
  ...ADMIN_CALLS,
  ...VIDEO_SHARE_CALLS,
  ...WEBHOOK_CALLS,
  ...LTI_CALLS,
};

/**
 * Routes that name acme's objects in the body or the query rather than the path. Unlike CALLS,
 * nothing finds a new route of this kind by itself: add it here when you write it.
 */
export const BODY_CALLS: Record<string, IdCall> = {
  ...APPROVAL_BODY_CALLS,
  ...LEARNING_PATH_BODY_CALLS,
  ...ASSESSMENT_BODY_CALLS,
  ...ASSESSMENT_ATTEMPT_BODY_CALLS,
  ...PROCTORING_BODY_CALLS,
  ...CLASSROOM_BODY_CALLS,
  ...CPD_BODY_CALLS,
  ...EVENT_BODY_CALLS,
  ...DISCUSSION_BODY_CALLS,
  ...MODERATION_BODY_CALLS,
  ...GAMIFICATION_BODY_CALLS,
  ...BADGE_BODY_CALLS,
  ...COMPETENCY_BODY_CALLS,
  ...REPORT_BODY_CALLS,
  ...REPORT_TOOL_BODY_CALLS,
  'POST /api/messages/conversations/': {
    params: () => ({}),
    body: (f) => ({ participant_ids: [f.learner], title: 'Planted' }),
  },
  'POST /api/messages/conversations/direct/': {
    params: () => ({}),
    body: (f) => ({ user_id: f.learner }),
  },
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
export interface ReverseCall {
  route: string;
  params?(mine: Mine): Record<string, number>;
  /** `named`: acme's objects in the attack, globex's own in the control. */
  body(named: Named, mine: Mine): Body;
}
/** What a body may name: the organisation-level objects both organisations have. */
export interface Named {
  org: number;
  department: number;
  category: number;
  looseFile: number;
  learner: number;
  module: number;
  /** A category of the question bank, and a question of the bank. */
  questionCategory: number;
  question: number;
  /** A course (an assessment may belong to one) and a trainer (a reviewer). */
  course: number;
  trainer: number;
  /** The organisation's Question type (a topic is of one of its own types). */
  discussionType: number;
  /** The slug of one of the organisation's forums (a thread names it). */
  forumSlug: string;
}
/** Globex's own objects the reverse calls act on. */
export interface Mine extends Named, AssessmentMine {
  /** A second category of globex's bank (besides questionCategory). */
  questionChild: number;
}
export const REVERSE: ReverseCall[] = [
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
  ...LEARNING_PATH_REVERSE,
  ...ASSESSMENT_REVERSE,
  ...DISCUSSION_REVERSE,
];

/**
 * Reads another organisation may make, and why. Only reads: the writes on the same objects are
 * in CALLS and stay refused.
 */
export const SHARED_READS: Record<
  string,
  /** outsiders: who of another organisation reads it (default all); the others stay refused. */
  { reason: string; fixtures: 'shared' | 'both'; outsiders?: readonly Caller[] }
> = {
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
  'GET /api/calendar/feed/:token': {
    reason:
      'the private feed URL is a capability: its token, not the caller, decides whose calendar it is',
    fixtures: 'both',
  },
  ...CREDENTIAL_SHARED_READS,
  ...CERTIFICATE_SHARED_READS,
  ...VIDEO_SHARE_SHARED_READS,
  ...MANUAL_SHARED_READS,
};
