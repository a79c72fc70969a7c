import { z } from 'zod';
import { zIdParam } from '../core/ids.ts';
import { defineOperation, form } from '../core/operation.ts';
import { ZPageQuery, zPage } from '../core/pagination.ts';
import {
  ZAnswer,
  ZAnswerCreate,
  ZAnswerReaction,
  ZAnswerReactionResult,
  ZAssignLearners,
  ZAssignment,
  ZAssignmentCreate,
  ZAssignmentUpdate,
  ZAssignResult,
  ZCourseEnrolmentsSearchQuery,
  ZCourseListQuery,
  ZCourseProgress,
  ZCourseProgressQuery,
  ZEnrolment,
  ZEnrolmentDecision,
  ZEnrolmentRequestCreate,
  ZEnrolmentRequestPage,
  ZEnrolmentRequestsQuery,
  ZEnrolmentUpdate,
  ZFaq,
  ZFaqCreate,
  ZFaqUpdate,
  ZFileStatusReport,
  ZGrade,
  ZMyReviewPage,
  ZMyReviewsQuery,
  ZQuestion,
  ZQuestionCreate,
  ZQuestionLike,
  ZQuestionLikeResult,
  ZReviewCreate,
  ZReviewPageWithStats,
  ZReviewPostResult,
  ZSubmission,
  ZSubmissionFields,
  ZUnassignResult,
} from './learning.ts';

const tags = ['courses'];
const errors = [400, 401, 403, 404, 409] as const;
const id = z.object({ id: zIdParam });
const courseId = z.object({ courseId: zIdParam });

/*
 * Learner-facing calls are open to everyone signed in (the course player is a no-perm screen);
 * the use case checks the object-level rule (may see the course, enrolled, manages it).
 */
const seesCourse = 'Signed in; anyone who may see the course';
const managers =
  "Admins and trainers with the Courses menu (the screens that call it are under it); the course's managers (checked per course)";
const participants = "Signed in; the course's enrolled learners and managers (checked per course)";

/** Taking courses: FAQs, reviews, enrolment and requests, progress, assignments, discussions. */
export const learningOps = {
  // ── FAQs ──
  faqs: defineOperation({
    method: 'GET',
    path: '/api/courses/faq-list/:courseId/',
    params: courseId,
    query: ZPageQuery,
    response: zPage(ZFaq),
    errors,
    summary: "A course's FAQs in order (anyone who can see the course)",
    access: seesCourse,
    tags,
  }),
  faqCreate: defineOperation({
    method: 'POST',
    path: '/api/courses/faq/',
    body: ZFaqCreate,
    response: ZFaq,
    status: 201,
    errors,
    summary: 'Add a FAQ to a course (its managers)',
    access: managers,
    tags,
  }),
  faqUpdate: defineOperation({
    method: 'PATCH',
    path: '/api/courses/faq/:id/',
    params: id,
    body: ZFaqUpdate,
    response: ZFaq,
    errors,
    summary: 'Change a FAQ or its position (course managers)',
    access: managers,
    tags,
  }),
  faqRemove: defineOperation({
    method: 'DELETE',
    path: '/api/courses/faq/:id/',
    params: id,
    response: null,
    errors,
    summary: 'Delete a FAQ (course managers)',
    access: managers,
    tags,
  }),

  // ── Reviews ──
  reviews: defineOperation({
    method: 'GET',
    path: '/api/courses/reviews-list/:courseId/',
    params: courseId,
    query: ZPageQuery,
    response: ZReviewPageWithStats,
    errors,
    summary:
      "A course's reviews, newest first, with the average rating, count and reviews per star",
    access: seesCourse,
    tags,
  }),
  review: defineOperation({
    method: 'POST',
    path: '/api/courses/reviews/',
    body: ZReviewCreate,
    response: ZReviewPostResult,
    status: 201,
    errors,
    summary:
      'Review a course (learners enrolled in it, once). Success: {status: true, review}; failure: the error shape with non_field_errors',
    access: 'Signed in; learners enrolled in the course, once',
    tags,
  }),
  myReviews: defineOperation({
    method: 'GET',
    path: '/api/courses/my-reviews/',
    query: ZMyReviewsQuery,
    response: ZMyReviewPage,
    errors,
    summary:
      "The caller's review screen: state=to_review (courses they are enrolled in or completed without a review) or state=reviewed (their reviews)",
    access: 'Signed in; about the caller only',
    tags,
  }),

  // ── Enrolment ──
  assign: defineOperation({
    method: 'POST',
    path: '/api/courses/:courseId/assign/',
    params: courseId,
    body: ZAssignLearners,
    response: ZAssignResult,
    errors,
    summary:
      "Assign learners of the course's organisation to a published course: {users: [ids]} or {department}, optional due_at (course managers)",
    access: managers,
    tags,
  }),
  unassign: defineOperation({
    method: 'POST',
    path: '/api/courses/:courseId/unassign/',
    params: courseId,
    body: ZAssignLearners,
    response: ZUnassignResult,
    errors,
    summary:
      'Unassign learners: {users: [ids]} or {department}; completed enrolments are kept (course managers)',
    access: managers,
    tags,
  }),
  courseEnrolments: defineOperation({
    method: 'GET',
    path: '/api/courses/:courseId/enrolments/',
    params: courseId,
    query: ZCourseEnrolmentsSearchQuery,
    response: zPage(ZEnrolment),
    errors,
    summary:
      "The course's enrolments, filtered by status and searched by learner name, user name or e-mail (course managers)",
    access: managers,
    tags,
  }),
  requestEnrolment: defineOperation({
    method: 'POST',
    path: '/api/courses/course_enrollment_request/',
    body: ZEnrolmentRequestCreate,
    response: ZEnrolment,
    status: 201,
    errors,
    summary:
      'Request enrolment in a self-enrol course (learners); 409 when already requested or enrolled',
    access: 'Signed in; learners who may see the course',
    tags,
  }),
  approveRequest: defineOperation({
    method: 'POST',
    path: '/api/courses/approved_course_enrollment_request/',
    body: ZEnrolmentDecision,
    response: ZEnrolment,
    errors,
    summary: 'Approve a pending enrolment request (a manager of the course)',
    access: "Signed in; the course's managers (checked per course)",
    tags,
  }),
  rejectRequest: defineOperation({
    method: 'POST',
    path: '/api/courses/course_enrollment_request_reject_by_user/',
    body: ZEnrolmentDecision,
    response: z.object({ withdrawn: z.boolean(), enrolment: ZEnrolment.nullable() }),
    errors,
    summary:
      'Reject a pending request (a manager of the course; it stays as rejected) or withdraw your own (it is removed)',
    access: "Signed in; the course's managers, or the learner who asked",
    tags,
  }),
  requests: defineOperation({
    method: 'GET',
    path: '/api/courses/enrollment-requests/',
    query: ZEnrolmentRequestsQuery,
    response: ZEnrolmentRequestPage,
    errors,
    summary:
      "Enrolment requests: scope=mine (the caller's) or scope=to_decide (courses the caller manages), with the pending count",
    access: 'Signed in; their own requests, or those on courses they manage',
    tags,
  }),
  updateEnrolment: defineOperation({
    method: 'PATCH',
    path: '/api/courses/user-enrolments/:id/',
    params: id,
    body: ZEnrolmentUpdate,
    response: ZEnrolment,
    errors,
    summary:
      'Change an enrolment: due date, or status along the allowed transitions (course managers)',
    access: managers,
    tags,
  }),

  // ── Progress ──
  reportFileStatus: defineOperation({
    method: 'POST',
    path: '/api/courses/module-file-user-status/',
    body: ZFileStatusReport,
    response: ZCourseProgress,
    errors,
    summary:
      'Report a file status and the time spent since the last report (enrolled learners); answers with the course progress and last-course state',
    access: 'Signed in; learners enrolled in the course',
    tags,
  }),
  courseProgress: defineOperation({
    method: 'POST',
    path: '/api/courses/user-course-module-file-status/',
    body: ZCourseProgressQuery,
    response: ZCourseProgress,
    errors,
    summary:
      'Status of each file of a course, progress and the last-course state (spec §3) to resume at; managers may name a learner',
    access: "Signed in; the learner themself, or the course's managers for a learner",
    tags,
  }),

  // ── Assignments ──
  assignments: defineOperation({
    method: 'GET',
    path: '/api/courses/assignment/',
    query: ZCourseListQuery,
    response: zPage(ZAssignment),
    errors,
    summary:
      "A course's assignments: managers with submission counts, enrolled learners with their own submission",
    access: participants,
    tags,
  }),
  assignmentCreate: defineOperation({
    method: 'POST',
    path: '/api/courses/assignment/',
    body: ZAssignmentCreate,
    response: ZAssignment,
    status: 201,
    errors,
    summary: 'Create an assignment (course managers)',
    access: managers,
    tags,
  }),
  assignmentUpdate: defineOperation({
    method: 'PATCH',
    path: '/api/courses/assignment/:id/',
    params: id,
    body: ZAssignmentUpdate,
    response: ZAssignment,
    errors,
    summary:
      'Change an assignment (course managers; replaces the malformed update path of the spec)',
    access: managers,
    tags,
  }),
  assignmentRemove: defineOperation({
    method: 'DELETE',
    path: '/api/courses/assignment/:id/',
    params: id,
    response: null,
    errors,
    summary: 'Delete an assignment and its submissions (course managers)',
    access: managers,
    tags,
  }),
  submit: defineOperation({
    method: 'POST',
    path: '/api/courses/assignment/:id/submit/',
    params: id,
    body: form(ZSubmissionFields),
    response: ZSubmission,
    status: 201,
    errors: [...errors, 413, 415],
    summary:
      'Submit (multipart: `file` pdf/doc/docx/odt/txt/zip/png/jpg up to 25 MB and/or `text`; JSON {text} too). Replaces the previous submission until it is graded (enrolled learners)',
    access: 'Signed in; learners enrolled in the course',
    tags,
  }),
  grade: defineOperation({
    method: 'POST',
    path: '/api/courses/assignment/:id/grade/',
    params: id,
    body: ZGrade,
    response: ZSubmission,
    errors,
    summary: "Grade a learner's submission: {user, score ≤ max_score, feedback} (course managers)",
    access: managers,
    tags,
  }),
  submissions: defineOperation({
    method: 'GET',
    path: '/api/courses/assignment/:id/submissions/',
    params: id,
    query: ZPageQuery,
    response: zPage(ZSubmission),
    errors,
    summary: "An assignment's submissions, newest first (course managers)",
    access: managers,
    tags,
  }),
  submissionFile: defineOperation({
    method: 'GET',
    path: '/api/courses/assignment-submission/:id/file/',
    params: id,
    response: 'binary',
    summary: "Download a submission's file (its learner or the course managers)",
    access: "Signed in; the submission's learner or the course's managers",
    tags,
  }),

  // ── Course discussions ──
  questions: defineOperation({
    method: 'GET',
    path: '/api/courses/course-discussion-question/',
    query: ZCourseListQuery,
    response: zPage(ZQuestion),
    errors,
    summary: "A course's questions, newest first, with like and answer counts and their answers",
    access: participants,
    tags,
  }),
  ask: defineOperation({
    method: 'POST',
    path: '/api/courses/course-discussion-question/',
    body: ZQuestionCreate,
    response: ZQuestion,
    status: 201,
    errors,
    summary: 'Ask a question in a course (plain text)',
    access: participants,
    tags,
  }),
  answer: defineOperation({
    method: 'POST',
    path: '/api/courses/course-discussion-answer/',
    body: ZAnswerCreate,
    response: ZAnswer,
    status: 201,
    errors,
    summary: 'Answer a course question (plain text)',
    access: participants,
    tags,
  }),
  likeQuestion: defineOperation({
    method: 'POST',
    path: '/api/courses/course-discussion-like/',
    body: ZQuestionLike,
    response: ZQuestionLikeResult,
    errors,
    summary: 'Like a question, or take the like back',
    access: participants,
    tags,
  }),
  reactToAnswer: defineOperation({
    method: 'POST',
    path: '/api/courses/answer-like-dislike/',
    body: ZAnswerReaction,
    response: ZAnswerReactionResult,
    errors,
    summary: 'Like (1) or dislike (-1) an answer, or clear your reaction (0)',
    access: participants,
    tags,
  }),
};
