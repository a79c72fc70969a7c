import { ZIdParams } from '../core/ids.ts';
import { defineOperation } from '../core/operation.ts';
import {
  ZCourseRequisiteInput,
  ZRequisite,
  ZRequisiteList,
  ZRequisiteQuery,
  ZRequisiteUpdate,
  ZSurvey,
  ZSurveyInput,
  ZSurveyQuery,
} from './requisites.ts';

const tags = ['classrooms'];
const errors = [400, 401, 403, 404] as const;
const members = 'Signed in; classrooms of their organisation (learners: published ones)';
const managers =
  'Admins of the organisation, and the trainer who created the classroom (superadmin: any)';

/** Spec §7: requisites (pre_post_requisite, upload-requisites, update-requisites) and survey. */
export const classroomRequisiteOps = {
  addCourse: defineOperation({
    method: 'POST',
    path: '/api/classroom/pre_post_requisite/',
    body: ZCourseRequisiteInput,
    response: ZRequisite,
    status: 201,
    errors,
    summary: 'Add a course a learner finishes before (pre) or after (post) a topic or a session',
    access: managers,
    tags,
  }),
  upload: defineOperation({
    method: 'POST',
    path: '/api/classrooms/upload-requisites/',
    body: 'multipart',
    response: ZRequisite,
    status: 201,
    errors: [...errors, 413, 415],
    summary:
      'Add a document requisite (multipart: topic or session, kind, title, required, file: pdf, docx, pptx, xlsx, txt, png, jpg)',
    access: managers,
    tags,
  }),
  update: defineOperation({
    method: 'PATCH',
    path: '/api/classrooms/update-requisites/:id/',
    params: ZIdParams,
    body: ZRequisiteUpdate,
    response: ZRequisite,
    errors,
    summary: 'Change a requisite’s title, kind or whether it is required',
    access: managers,
    tags,
  }),
  remove: defineOperation({
    method: 'DELETE',
    path: '/api/classrooms/update-requisites/:id/',
    params: ZIdParams,
    response: null,
    errors,
    summary: 'Delete a requisite (and its document)',
    access: managers,
    tags,
  }),
  list: defineOperation({
    method: 'GET',
    path: '/api/classrooms/requisites/',
    query: ZRequisiteQuery,
    response: ZRequisiteList,
    errors,
    summary:
      'Requisites of a topic, or of a session (with its topic’s), each saying whether the caller has done it',
    access: members,
    tags,
  }),
  markDone: defineOperation({
    method: 'POST',
    path: '/api/classrooms/requisites/:id/done/',
    params: ZIdParams,
    response: ZRequisite,
    errors: [...errors, 409],
    summary: 'Mark a document requisite read (a course requisite is done when the course is)',
    access: members,
    tags,
  }),
  file: defineOperation({
    method: 'GET',
    path: '/api/classrooms/requisites/:id/file/',
    params: ZIdParams,
    response: 'binary',
    errors,
    summary: 'Download a requisite’s document',
    access: members,
    tags,
  }),
  survey: defineOperation({
    method: 'GET',
    path: '/api/classrooms/survey/',
    query: ZSurveyQuery,
    response: ZSurvey,
    errors,
    summary:
      'A session’s post-session survey: its questions, the caller’s answer, whether they may answer',
    access: members,
    tags,
  }),
  answerSurvey: defineOperation({
    method: 'POST',
    path: '/api/classrooms/survey/',
    body: ZSurveyInput,
    response: ZSurvey,
    status: 201,
    errors: [...errors, 409],
    summary:
      'Answer a session’s survey once (a learner who attended it, fully or partly, after it started)',
    access: members,
    tags,
  }),
};
