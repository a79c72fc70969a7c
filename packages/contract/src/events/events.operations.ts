import { ZIdParams } from '../core/ids.ts';
import { defineOperation } from '../core/operation.ts';
import {
  ZEventAttendanceInput,
  ZEventAttendanceResult,
  ZEventCount,
  ZEventCpdEnrolInput,
  ZEventDetail,
  ZEventEnrolment,
  ZEventEnrolmentPage,
  ZEventEnrolmentQuery,
  ZEventIdBody,
  ZEventInput,
  ZEventPage,
  ZEventQuery,
  ZEventRemoved,
  ZEventType,
  ZEventTypeInput,
  ZEventTypeList,
  ZEventTypeUpdate,
  ZEventUpdate,
} from './events.ts';

const tags = ['events'];
const errors = [400, 401, 403] as const;
const menu = 'Signed in with the Event Engine menu (/cpd)';
const members = `${menu}; learners see published events whose audience includes them, staff all of their organisation’s`;
const admins = 'Admins of the organisation (superadmin: any)';
const staff = 'Admins and trainers of the organisation (superadmin: any)';
const managers =
  'Admins of the organisation, and the trainer who created the event (superadmin: any)';

/** Spec §7 Events (/api/events/). */
export const eventOps = {
  types: defineOperation({
    method: 'GET',
    path: '/api/events/Event-type/',
    response: ZEventTypeList,
    errors,
    summary: 'The organisation’s event types, by name',
    access: menu,
    tags,
  }),
  createType: defineOperation({
    method: 'POST',
    path: '/api/events/Event-type/',
    body: ZEventTypeInput,
    response: ZEventType,
    status: 201,
    errors: [...errors, 409],
    summary: 'Add an event type (names are unique in the organisation: 409)',
    access: admins,
    tags,
  }),
  updateType: defineOperation({
    method: 'PATCH',
    path: '/api/events/Event-type/:id/',
    params: ZIdParams,
    body: ZEventTypeUpdate,
    response: ZEventType,
    errors: [...errors, 404, 409],
    summary: 'Rename or recolour an event type',
    access: admins,
    tags,
  }),
  removeType: defineOperation({
    method: 'DELETE',
    path: '/api/events/Event-type/:id/',
    params: ZIdParams,
    response: null,
    errors: [...errors, 404],
    summary: 'Delete an event type (its events keep going, untyped)',
    access: admins,
    tags,
  }),

  list: defineOperation({
    method: 'GET',
    path: '/api/events/',
    query: ZEventQuery,
    response: ZEventPage,
    errors,
    summary:
      'Events the caller may see, soonest first; from/to keep those whose span overlaps, mine=true those they are enrolled in',
    access: members,
    tags,
  }),
  create: defineOperation({
    method: 'POST',
    path: '/api/events/',
    body: ZEventInput,
    response: ZEventDetail,
    status: 201,
    errors: [...errors, 404],
    summary:
      'Create an event (one-off, or recurring by a bounded RRULE of at most 366 occurrences, expanded in its time zone)',
    access: staff,
    tags,
  }),
  update: defineOperation({
    method: 'PATCH',
    path: '/api/events/:id/',
    params: ZIdParams,
    body: ZEventUpdate,
    response: ZEventDetail,
    errors: [...errors, 404, 409],
    summary: 'Change an event (the enrolled get the updated invitation)',
    access: managers,
    tags,
  }),
  remove: defineOperation({
    method: 'DELETE',
    path: '/api/events/:id/',
    params: ZIdParams,
    response: ZEventRemoved,
    errors: [...errors, 404],
    summary:
      'Delete an event without enrolments; one with enrolments is cancelled instead (the enrolled get a CANCEL)',
    access: managers,
    tags,
  }),
  detail: defineOperation({
    method: 'POST',
    path: '/api/events/get-event/',
    body: ZEventIdBody,
    response: ZEventDetail,
    errors: [...errors, 404],
    summary: 'One event with its occurrences, the caller’s enrolment and what they may do',
    access: members,
    tags,
  }),
  count: defineOperation({
    method: 'GET',
    path: '/api/events/count/',
    response: ZEventCount,
    errors,
    summary:
      'eventInstantCount: occurrences of published events the caller may see that start in the next 30 days',
    access: members,
    tags,
  }),

  enrol: defineOperation({
    method: 'POST',
    path: '/api/events/:id/enrol/',
    params: ZIdParams,
    response: ZEventEnrolment,
    status: 201,
    errors: [...errors, 404, 409],
    summary:
      'Enrol in a published event (by approval: ask; closed or full: 409 ‘This event is full.’)',
    access: `${menu}; members of the organisation within the event’s audience`,
    tags,
  }),
  cpdEnrol: defineOperation({
    method: 'POST',
    path: '/api/events/cpd_event_enroll/',
    body: ZEventCpdEnrolInput,
    response: ZEventEnrolment,
    status: 201,
    errors: [...errors, 404, 409],
    summary: 'Enrol for CPD credit (the event must carry a CPD value): attendance credits it',
    access: `${menu}; members of the organisation within the event’s audience`,
    tags,
  }),
  cancelEnrolment: defineOperation({
    method: 'DELETE',
    path: '/api/events/enrolment/:id/',
    params: ZIdParams,
    response: null,
    errors: [401, 403, 404, 409],
    summary: 'Cancel an enrolment (or withdraw a request)',
    access: 'The enrolled user, and the event’s managers',
    tags,
  }),
  enrolments: defineOperation({
    method: 'GET',
    path: '/api/events/:id/enrolments/',
    params: ZIdParams,
    query: ZEventEnrolmentQuery,
    response: ZEventEnrolmentPage,
    errors: [...errors, 404],
    summary: 'An event’s enrolments with the occurrences each attended',
    access: managers,
    tags,
  }),
  attendance: defineOperation({
    method: 'POST',
    path: '/api/events/:id/attendance/',
    params: ZIdParams,
    body: ZEventAttendanceInput,
    response: ZEventAttendanceResult,
    errors: [...errors, 404],
    summary:
      'Mark who attended an occurrence that has started (or undo it); each first attendance credits CPD',
    access: managers,
    tags,
  }),
};
