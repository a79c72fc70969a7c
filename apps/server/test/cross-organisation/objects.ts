import { writeFileSync } from 'node:fs';
import path from 'node:path';
import { ROLE } from '@atrium/contract';
import { and, eq } from 'drizzle-orm';
import type { LightMyRequestResponse } from 'fastify';
import { expect } from 'vitest';
import { approvalRequests } from '../../src/schema/approvals.table.ts';
import { repositoryFiles } from '../../src/schema/courses.table.ts';
import { notifications } from '../../src/schema/notifications.table.ts';
import { videoTranscodes } from '../../src/schema/video.table.ts';
import type { TestApp } from '../app.ts';
import { bearer, type Staff, tokenFor } from '../auth.ts';
import {
  assignAssessment,
  makeAssessment,
  makeQuestion,
  makeSubmittedAttempt,
  SAMPLE_DEFINITIONS,
} from '../factories/assessments.ts';
import { PDF, PNG } from '../factories/catalogue.ts';
import {
  makeApprovalRequest,
  makePathEnrolment,
  makePathReview,
  makeUser,
} from '../factories/index.ts';
import { samplePackage } from '../factories/scorm.ts';
import { makeStructure } from '../factories/structure.ts';
import { multipart } from '../multipart.ts';
import { makeAnnouncementObjects } from './announcements-calls.ts';
import type { AssessmentObjects } from './assessments-calls.ts';
import { makeBadgeObjects } from './badges-calls.ts';
import { makeBlogObjects } from './blogs-calls.ts';
import { makeCalendarObjects } from './calendar-calls.ts';
import type { Body, CourseObjects, Fixture, Mine, OrganisationObjects } from './calls.ts';
import { makeCertificateObjects } from './certificates-calls.ts';
import { makeClassroomObjects } from './classrooms-calls.ts';
import { makeCompetencyObjects } from './competencies-calls.ts';
import { makeCpdObjects } from './cpd-calls.ts';
import { makeCredentialObjects } from './credentials-calls.ts';
import { makeDiscussionObjects, questionTypeOf } from './discussions-calls.ts';
import { makeEventObjects } from './events-calls.ts';
import { makeGamificationObjects } from './gamification-calls.ts';
import { makeImageObjects } from './images-calls.ts';
import { makeJournalObjects } from './journals-calls.ts';
import type { LearningPathObjects } from './learning-paths-calls.ts';
import { makeLtiObjects } from './lti-calls.ts';
import { makeModerationObjects } from './moderation-calls.ts';
import { makePlagiarismObjects } from './plagiarism-calls.ts';
import type { ProctoringObjects } from './proctoring-calls.ts';
import { makeReportToolObjects } from './report-tools-calls.ts';
import { makeSearchObjects } from './search-calls.ts';
import { makeSupportObjects } from './support-calls.ts';
import { makeVideoShareObjects } from './video-shares-calls.ts';
import { makeWallObjects } from './wall-calls.ts';
import { makeWebhookObjects } from './webhooks-calls.ts';
import { makeXrObjects } from './xr-calls.ts';

/*
 * The real objects of the cross-organisation test, made mostly through the API as their owners
 * would make them (a video's transcode is written directly: no ffmpeg needed).
 */

let t: TestApp;
let acme: Staff;
let globex: Staff;

/** acme's objects around a course of its own and a shared one; globex's own, for REVERSE. */
export async function makeObjects(app: TestApp, first: Staff, second: Staff) {
  t = app;
  acme = first;
  globex = second;
  const org = await makeOrganisationObjects();
  const ownCourse = await makeCourseObjects('organisation');
  const videoShares = await makeVideoShareObjects(
    json,
    acme.admin.token,
    ownCourse.video,
    ownCourse.course,
  );
  const paths = await makeLearningPathObjects(ownCourse.course);
  const bank = await makeAssessmentObjects();
  const proctoring = await makeProctoringObjects();
  const classrooms = await makeClassroomObjects(
    json,
    acme.admin.token,
    acme.learner.token,
    acme.trainer.user.id,
  );
  const calendar = await makeCalendarObjects(json, acme.admin.token);
  const cpd = await makeCpdObjects(json, acme.admin.token, acme.learner.token);
  const engine = await makeEventObjects(json, acme.admin.token, acme.learner.token);
  const announcements = await makeAnnouncementObjects(json, acme.admin.token);
  const discussions = await makeDiscussionObjects(t.app, json, acme.admin.token);
  const storedImages = await makeImageObjects(json, acme.learner.token);
  const wall = await makeWallObjects(t.app, json, acme.learner.token);
  const moderation = await makeModerationObjects(json, acme.admin.token, acme.learner.token);
  const blogs = await makeBlogObjects(
    json,
    acme.admin.token,
    acme.learner.token,
    acme.learner.user.id,
  );
  const gamification = await makeGamificationObjects(json, acme.admin.token);
  const badgeObjects = await makeBadgeObjects(t, acme);
  const credentials = await makeCredentialObjects(t, acme);
  const certificateObjects = await makeCertificateObjects(t, acme);
  const competencies = await makeCompetencyObjects(json, acme.admin.token, ownCourse.course);
  const journals = await makeJournalObjects(json, acme.learner.token);
  const reportTools = await makeReportToolObjects(
    json,
    acme.admin.token,
    acme.admin.user.id,
    acme.trainer.user.id,
  );
  const support = await makeSupportObjects(t, acme);
  const xr = await makeXrObjects(t, acme, ownCourse.module);
  const plagiarism = await makePlagiarismObjects(t, ownCourse.submission);
  const webhookObjects = await makeWebhookObjects(t, acme);
  const ltiObjects = await makeLtiObjects(t, acme);
  const search = await makeSearchObjects(t, ownCourse.course);
  const own: Fixture = {
    ...org,
    ...ownCourse,
    ...paths,
    ...bank,
    ...proctoring,
    ...classrooms,
    ...cpd,
    ...calendar,
    ...engine,
    ...announcements,
    ...discussions,
    ...storedImages,
    ...wall,
    ...moderation,
    ...blogs,
    ...gamification,
    ...badgeObjects,
    ...credentials,
    ...certificateObjects,
    ...competencies,
    ...journals,
    ...reportTools,
    ...support,
    ...xr,
    ...plagiarism,
    ...webhookObjects,
    ...ltiObjects,
    ...search,
    ...videoShares,
  };
  const shared: Fixture = {
    ...org,
    ...(await makeCourseObjects('catalogue')),
    ...paths,
    ...bank,
    ...proctoring,
    ...classrooms,
    ...cpd,
    ...calendar,
    ...engine,
    ...announcements,
    ...discussions,
    ...storedImages,
    ...wall,
    ...moderation,
    ...blogs,
    ...gamification,
    ...badgeObjects,
    ...credentials,
    ...certificateObjects,
    ...competencies,
    ...journals,
    ...reportTools,
    ...support,
    ...xr,
    ...plagiarism,
    ...webhookObjects,
    ...ltiObjects,
    ...search,
    ...videoShares,
  };
  const mine = await makeGlobexObjects();
  // Made on first use (a package's launch): made now, so that first use is not a change.
  await t.app.ctx.secrets.get('content-grant');
  return { own, shared, mine };
}

/**
 * A published learning path of acme's with an image and acme's own course as its item; acme's
 * learner enrolled (written directly, as the enrolment use cases would) and a review by another
 * of acme's learners.
 */
async function makeLearningPathObjects(courseId: number): Promise<LearningPathObjects> {
  const db = t.database.db;
  const admin = acme.admin.token;
  const path = await json(admin, 'POST', '/api/v1/learning-path/', {
    parts: [
      { name: 'title', value: 'Induction' },
      { name: 'image', filename: 'p.png', content: PNG, type: 'image/png' },
    ],
  });
  const structure = await json(admin, 'PUT', `/api/v1/learning-path/${path.id}/structure/`, {
    strict_sequence: false,
    electives: [],
    items: [{ course: courseId }],
  });
  await json(admin, 'PATCH', `/api/v1/learning_path_published/${path.id}/`, {
    status: 'published',
  });
  const ref = { id: path.id, organisationId: acme.org.id };
  const enrolment = await makePathEnrolment(db, ref, { userId: acme.learner.user.id });
  const review = await makePathReview(db, ref);
  return {
    learningPath: path.id,
    pathItem: (structure.items as { id: number }[])[0]!.id,
    pathCourse: courseId,
    pathEnrolment: enrolment.id,
    pathReview: review.id,
  };
}

/** A category of the question bank holding one question, both made through the API. */
async function makeQuestionBank(token: string) {
  const category = await json(token, 'POST', '/api/assessment/question/categories/', {
    name: 'Safety',
  });
  const question = await json(token, 'POST', '/api/assessment/question/bank/', {
    title: 'Exits',
    category: category.id,
    definition: { type: 'true_false', points: 1, stem: '<p>Exits stay clear.</p>', correct: true },
  });
  return { question: question.id, questionCategory: category.id };
}

/**
 * acme's bank, and an assessment built through the API as its admin would: the bank's question
 * and a file upload on the first page, an empty second page, published, assigned to the learner
 * with an override, the trainer as reviewer. The learner has started an attempt and uploaded a
 * PDF. A second assessment (factories) holds the learner's submitted essay awaiting a grade.
 */
/**
 * acme's proctored assessment, live, that its learner is taking under monitoring: logged in,
 * one flag with its still, and a thumbnail.
 */
async function makeProctoringObjects(): Promise<ProctoringObjects> {
  const db = t.database.db;
  const learner = acme.learner.token;
  const question = await makeQuestion(db, {
    organisationId: acme.org.id,
    createdBy: acme.admin.user.id,
  });
  const a = await makeAssessment(db, {
    organisationId: acme.org.id,
    createdBy: acme.admin.user.id,
    questionIds: [question.id],
    settings: { proctored: true },
  });
  await json(acme.admin.token, 'PUT', '/api/assessment/proctor/settings/', {
    assessment: a.id,
    mode: 'live',
    signals: ['no_face', 'tab_switch'],
    look_away_seconds: 5,
    no_face_seconds: 5,
    identity_check: 'none',
    violation_budget: null,
    auto_submit: false,
    retention_days: 30,
  });
  await assignAssessment(db, a.id, [acme.learner.user.id]);
  const started = await json(learner, 'POST', `/api/assessment/start/${a.uuid}/`, {});
  const attempt = (started.attempt as { id: number }).id;
  const session = await json(learner, 'POST', '/api/proctor/proctoring_login/', { attempt });
  const frame = { name: 'frame', filename: 'frame.png', content: PNG, type: 'image/png' };
  const flag = await json(learner, 'POST', '/api/proctor/upload_frame/', {
    parts: [
      { name: 'session', value: String(session.id) },
      { name: 'type', value: 'tab_switch' },
      { name: 'occurred_at', value: new Date().toISOString() },
      frame,
    ],
  });
  await json(learner, 'POST', '/api/proctor/thumbnail/', {
    parts: [{ name: 'session', value: String(session.id) }, frame],
  });
  return {
    proctoredAssessment: a.id,
    proctoredUuid: a.uuid,
    proctorAttempt: attempt,
    proctorSession: session.id,
    proctorFlag: flag.id,
    proctorEvidence: (flag.evidence as { id: number }[])[0]!.id,
  };
}

async function makeAssessmentObjects(): Promise<AssessmentObjects> {
  const db = t.database.db;
  const admin = acme.admin.token;
  const learner = acme.learner.token;
  const bank = await makeQuestionBank(admin);
  // An image in a question's text (uploaded, then shown, so no cleanup removes it).
  const image = await json(admin, 'POST', '/api/assessment/question/image/', {
    parts: [{ name: 'image', filename: 'exit.png', content: PNG, type: 'image/png' }],
  });
  await json(admin, 'POST', '/api/assessment/question/bank/', {
    title: 'Exit sign',
    definition: {
      type: 'true_false',
      points: 1,
      stem: `<p>Is this sign green?</p><p><img src="${image.url}" alt="An exit sign"></p>`,
      correct: true,
    },
  });
  const upload = await json(admin, 'POST', '/api/assessment/question/bank/', {
    title: 'Risk assessment',
    definition: SAMPLE_DEFINITIONS.file_upload,
  });
  const created = await json(admin, 'POST', '/api/assessment/', { title: 'Fire safety' });
  const id = created.id;
  const firstPage = (created.pages as { id: number }[])[0]!.id;
  const placed = await json(admin, 'POST', '/api/assessment/question/', {
    kind: 'fixed',
    page: firstPage,
    questions: [bank.question, upload.id],
  });
  const slots = (placed.pages as { slots: { id: number }[] }[])[0]!.slots.map((s) => s.id);
  const paged = await json(admin, 'POST', '/api/assessment/page/', {
    assessment: id,
    title: 'Two',
  });
  const page = (paged.pages as { id: number }[])[1]!.id;
  await json(admin, 'PUT', `/api/assessment/${id}/`, { status: 'published' });
  await json(admin, 'POST', '/api/assessment/assessment_assign_user/', {
    assessment: id,
    users: [acme.learner.user.id],
  });
  const assignments = await t.app.inject({
    url: `/api/assessment/assessment_assign_user/?assessment=${id}`,
    headers: bearer(admin),
  });
  const override = await json(admin, 'POST', '/api/assessment/override/', {
    assessment: id,
    user: acme.learner.user.id,
    extra_seconds: 600,
  });
  await json(admin, 'POST', '/api/assessment/reviewer/', {
    assessment: id,
    users: [acme.trainer.user.id],
  });
  const started = await json(learner, 'POST', `/api/assessment/start/${created.uuid}/`, {});
  const attempt = started.attempt as {
    id: number;
    pages: { items: { item: number; question: { type: string } }[] }[];
  };
  const items = attempt.pages.flatMap((p) => p.items);
  const itemOf = (type: string) => items.find((i) => i.question.type === type)!.item;
  const fileItem = itemOf('file_upload');
  const file = await json(learner, 'POST', `/api/assessment/attempt/${attempt.id}/files/`, {
    parts: [
      { name: 'item', value: String(fileItem) },
      { name: 'file', filename: 'risks.pdf', content: PDF, type: 'application/pdf' },
    ],
  });

  const essay = await makeQuestion(db, {
    organisationId: acme.org.id,
    createdBy: acme.admin.user.id,
    type: 'essay',
  });
  const graded = await makeAssessment(db, {
    organisationId: acme.org.id,
    createdBy: acme.admin.user.id,
    questionIds: [essay.id],
  });
  await assignAssessment(db, graded.id, [acme.learner.user.id]);
  const submitted = await makeSubmittedAttempt(db, {
    assessmentId: graded.id,
    userId: acme.learner.user.id,
    items: [{ versionId: essay.versionId, answer: { type: 'essay', text: '<p>Clear exits.</p>' } }],
  });
  const draft = await makeAssessment(db, {
    organisationId: acme.org.id,
    createdBy: acme.admin.user.id,
    status: 'draft',
  });
  const spare = await makeQuestion(db, {
    organisationId: acme.org.id,
    createdBy: acme.admin.user.id,
  });
  return {
    ...bank,
    draftAssessment: draft.id,
    spareQuestion: spare.id,
    questionImage: image.uuid as string,
    assessment: id,
    assessmentUuid: created.uuid as string,
    firstPage,
    page,
    slot: slots[0]!,
    slots,
    assessmentAssignment: (assignments.json().results as { id: number }[])[0]!.id,
    override: override.id,
    attempt: attempt.id,
    session: started.session as string,
    answerItem: itemOf('true_false'),
    fileItem,
    attemptFile: file.id,
    gradedAssessment: graded.id,
    submittedAttempt: submitted.id,
  };
}

/** globex's own bank and an assessment its trainer wrote (their refusals are acme's doing). */
async function makeGlobexAssessmentObjects() {
  const bank = await makeQuestionBank(globex.admin.token);
  const created = await json(globex.trainer.token, 'POST', '/api/assessment/', {
    title: 'Globex',
  });
  return {
    ...bank,
    assessment: created.id,
    page: (created.pages as { id: number }[])[0]!.id,
  };
}

function expectCreated(res: LightMyRequestResponse, what: string): { id: number } {
  expect(res.statusCode, `${what}: ${res.body}`).toBeLessThan(300);
  // A 204 (a thumbnail stored) has no body.
  return res.body ? res.json() : { id: 0 };
}

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
    approvalRequest: (await openApprovalOf(request.id)).id,
  };
}

/** The approval request the enrolment request opened. */
async function openApprovalOf(enrolmentId: number) {
  const [row] = await t.database.db
    .select({ id: approvalRequests.id })
    .from(approvalRequests)
    .where(
      and(
        eq(approvalRequests.kind, 'course_enrolment'),
        eq(approvalRequests.subjectId, enrolmentId),
      ),
    );
  return row!;
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
  const conversation = await json(admin, 'POST', '/api/messages/conversations/direct/', {
    user_id: acme.learner.user.id,
  });
  const message = await json(
    admin,
    'POST',
    `/api/messages/conversations/${conversation.id}/messages/`,
    {
      parts: [
        { name: 'body', value: '<p>Notes attached</p>' },
        { name: 'idempotency_key', value: 'cross-organisation-0' },
        { name: 'attachments', filename: 'notes.pdf', content: PDF, type: 'application/pdf' },
      ],
    },
  );
  // Written as the notifications slice's subscribers write them (no route creates one).
  const [notification] = await db
    .insert(notifications)
    .values({
      eventId: 1,
      recipientId: acme.admin.user.id,
      organisationId: acme.org.id,
      type: 'approval_pending',
      subjectKind: 'course',
      subjectId: 1,
      subjectTitle: 'Safety',
      link: '/requests',
      inApp: true,
    })
    .returning({ id: notifications.id });
  // Approval flows: a request of acme's learner (about no real item: its withdrawal changes
  // nothing else), an approver of course reviews, and a delegation from the admin.
  const learnerApprovalRequest = await makeApprovalRequest(db, {
    kind: 'course_enrolment',
    organisationId: acme.org.id,
    subjectId: 2_000_000_000,
    requesterId: acme.learner.user.id,
  });
  const approver = await json(admin, 'POST', '/api/approvalflow/add-module-approvers/', {
    module: 'course_review',
    level: 1,
    type: 'any_admin',
  });
  const delegation = await json(admin, 'POST', '/api/approvalflow/delegations/', {
    delegate: acme.trainer.user.id,
    starts_at: '2026-01-01T00:00:00Z',
    ends_at: '2099-01-01T00:00:00Z',
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
    conversation: conversation.id,
    messageAttachment: (message.attachments as { id: number }[])[0]!.id,
    learnerApprovalRequest: learnerApprovalRequest.id,
    approver: approver.id,
    delegation: delegation.id,
    trainer: acme.trainer.user.id,
    notification: notification!.id,
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
  const bank = await makeGlobexAssessmentObjects();
  const child = await json(admin, 'POST', '/api/assessment/question/categories/', {
    name: 'Globex',
  });
  return {
    ...bank,
    questionChild: child.id,
    org: globex.org.id,
    department: sales.department.id,
    category: category.id,
    looseFile: looseFile.id,
    learner: globex.learner.user.id,
    trainer: globex.trainer.user.id,
    module: module.id,
    course: course.id,
    discussionType: await questionTypeOf(t.app, admin),
    forumSlug: String(
      (await json(admin, 'POST', '/api/forum/', { name: 'Globex board', slug: 'globex-board' }))
        .slug,
    ),
  };
}
