import { defineOperation } from '../core/operation.ts';
import {
  ZMeetingCreate,
  ZMeetingCreated,
  ZMeetingEnd,
  ZMeetingEndParams,
  ZMeetingSettings,
  ZMeetingSettingsInput,
  ZMeetingSettingsQuery,
  ZMeetingToken,
  ZMeetingTokenResult,
} from './meetings.ts';

const tags = ['classrooms'];
const hosts = "The classroom's managers and the session's trainers (superadmin: any); learners 403";
const admins = "The organisation's admins; a superadmin names any organisation";

/** Online meetings (spec §7 Meetings and classroom; the video-conference token request). */
export const classroomMeetingOps = {
  settings: defineOperation({
    method: 'GET',
    path: '/api/classrooms/meeting-settings/',
    query: ZMeetingSettingsQuery,
    response: ZMeetingSettings,
    errors: [400, 401, 403, 404],
    summary: 'The organisation’s meeting provider (the secret is never shown: has_secret)',
    access: admins,
    tags,
  }),
  saveSettings: defineOperation({
    method: 'PUT',
    path: '/api/classrooms/meeting-settings/',
    query: ZMeetingSettingsQuery,
    body: ZMeetingSettingsInput,
    response: ZMeetingSettings,
    errors: [400, 401, 403, 404],
    summary: 'Choose Jitsi Meet or BigBlueButton, its address and secret (sealed at rest)',
    access: admins,
    tags,
  }),
  create: defineOperation({
    method: 'POST',
    path: '/api/meeting/create',
    body: ZMeetingCreate,
    response: ZMeetingCreated,
    errors: [400, 401, 403, 404, 409, 503],
    summary: 'Create (or make sure of) the meeting of an online session; the host’s join address',
    access: hosts,
    tags,
  }),
  createClassroom: defineOperation({
    method: 'POST',
    path: '/api/meeting/create_classroom',
    body: ZMeetingCreate,
    response: ZMeetingCreated,
    errors: [400, 401, 403, 404, 409, 503],
    summary:
      'Create (or make sure of) the meeting of a classroom session, which then takes remote attendees too',
    access: hosts,
    tags,
  }),
  token: defineOperation({
    method: 'POST',
    path: '/api/meeting/token/',
    body: ZMeetingToken,
    response: ZMeetingTokenResult,
    errors: [400, 401, 403, 404, 409, 503],
    summary:
      'The video-conference token request: the caller’s join address (hosts moderate; a booked learner attends, which records attendance)',
    access: 'Signed in; the session’s hosts and its booked learners',
    tags,
  }),
  end: defineOperation({
    method: 'GET',
    path: '/api/meeting/end/:uuid/',
    params: ZMeetingEndParams,
    response: ZMeetingEnd,
    errors: [400, 401, 404],
    summary:
      'What /end-meet/{uuid} shows: the session, its survey for the caller, the next session',
    access: 'Signed in; a participant of the session (404 otherwise)',
    tags,
  }),
};
