import { ZIdParams } from '../core/ids.ts';
import { defineOperation } from '../core/operation.ts';
import {
  ZBooking,
  ZBookingInput,
  ZMyClassroomEventPage,
  ZMyClassroomEventQuery,
  ZSessionAttendeePage,
  ZSessionAttendeeQuery,
} from './bookings.ts';

const tags = ['classrooms'];

/** Spec §7 Meetings and classroom: seats, waitlists and the learner's own sessions. */
export const classroomBookingOps = {
  book: defineOperation({
    method: 'POST',
    path: '/api/classroom/attendee/',
    body: ZBookingInput,
    response: ZBooking,
    status: 201,
    errors: [400, 401, 403, 404, 409],
    summary:
      'Book a seat in a session (full: join the waitlist; by-request class: ask for one); a manager names the learner with `user`',
    access:
      'Learners of the organisation for themselves (published classroom, session not started); the classroom’s managers for a learner of it',
    tags,
  }),
  cancel: defineOperation({
    method: 'DELETE',
    path: '/api/classroom/attendee/:id/',
    params: ZIdParams,
    response: null,
    errors: [401, 403, 404, 409],
    summary: 'Cancel a booking (its seat goes to the first on the waitlist)',
    access: 'The booking’s learner, and the classroom’s managers',
    tags,
  }),
  attendees: defineOperation({
    method: 'GET',
    path: '/api/classroom/attendee/',
    query: ZSessionAttendeeQuery,
    response: ZSessionAttendeePage,
    errors: [400, 401, 403, 404],
    summary: 'A session’s bookings: booked first, then the waitlist in order',
    access: 'The classroom’s managers and the session’s trainers',
    tags,
  }),
  myEvents: defineOperation({
    method: 'GET',
    path: '/api/classroom/event/',
    query: ZMyClassroomEventQuery,
    response: ZMyClassroomEventPage,
    errors: [400, 401],
    summary: 'The caller’s own bookings with their sessions (“my sessions”)',
    access: 'Signed in',
    tags,
  }),
};
