import { PDF } from '../factories/catalogue.ts';
import type { Body, IdCall } from './calls.ts';

/**
 * Classrooms in the cross-organisation test (see calls.ts): acme's published classroom with a
 * class, a topic, an online session a week ahead taught by acme's trainer, and a room (made
 * through the API by acme's admin, makeClassroomObjects).
 */
export interface ClassroomObjects {
  classroom: number;
  classroomClass: number;
  classroomTopic: number;
  classroomSession: number;
  classroomSessionUuid: string;
  classroomRoom: number;
  /** acme's learner's seat in the session. */
  classroomBooking: number;
  /** A document to read before the session (not required: the learner booked before it). */
  classroomRequisite: number;
}

type Json = (
  token: string,
  method: 'POST' | 'PATCH' | 'PUT',
  url: string,
  payload: Body,
) => Promise<{ id: number } & Record<string, unknown>>;

const two = (n: number) => String(n).padStart(2, '0');

/**
 * The session starts ten minutes from now (UTC), so its check-in window is open: the trainer's
 * code screen and the meeting's join answer as they would on the day.
 */
export async function makeClassroomObjects(
  json: Json,
  admin: string,
  learner: string,
  trainerId: number,
): Promise<ClassroomObjects> {
  const classroom = await json(admin, 'POST', '/api/classroom/', { title: 'Onsite skills' });
  await json(admin, 'POST', '/api/classrooms/publish-classroom/', { classroom: classroom.id });
  const cls = await json(admin, 'POST', '/api/classrooms/classes/', {
    classroom: classroom.id,
    name: 'Cohort 1',
  });
  const topic = await json(admin, 'POST', '/api/classrooms/topics/', {
    class: cls.id,
    title: 'Basics',
  });
  const room = await json(admin, 'POST', '/api/classrooms/room/', { name: 'Lab', capacity: 8 });
  const start = new Date(Math.ceil((Date.now() + 10 * 60_000) / 60_000) * 60_000);
  const end = new Date(start.getTime() + 60 * 60_000);
  const hhmm = (d: Date) => `${two(d.getUTCHours())}:${two(d.getUTCMinutes())}`;
  // A session may not run past midnight (its end time would be before its start).
  const sameDay = end.getUTCDate() === start.getUTCDate();
  const [session] = (await json(admin, 'POST', '/api/classrooms/sessions/', {
    topic: topic.id,
    sessions: [
      {
        title: 'Day one',
        date: start.toISOString().slice(0, 10),
        start_time: hhmm(start),
        end_time: sameDay ? hhmm(end) : '23:59',
        time_zone: 'UTC',
        trainers: [trainerId],
        online: true,
        capacity: 5,
      },
    ],
  })) as unknown as { id: number; uuid: string }[];
  const booking = await json(learner, 'POST', '/api/classroom/attendee/', { session: session!.id });
  const requisite = await json(admin, 'POST', '/api/classrooms/upload-requisites/', {
    parts: [
      { name: 'session', value: String(session!.id) },
      { name: 'kind', value: 'pre' },
      { name: 'title', value: 'Reading' },
      { name: 'file', filename: 'reading.pdf', content: PDF, type: 'application/pdf' },
    ],
  });
  return {
    classroom: classroom.id,
    classroomClass: cls.id,
    classroomTopic: topic.id,
    classroomSession: session!.id,
    classroomSessionUuid: session!.uuid,
    classroomRoom: room.id,
    classroomBooking: booking.id,
    classroomRequisite: requisite.id,
  };
}

export const CLASSROOM_CALLS: Record<string, IdCall> = {
  'GET /api/classroom/:id/': { params: (f) => ({ id: f.classroom }) },
  'PATCH /api/classroom/:id/': {
    params: (f) => ({ id: f.classroom }),
    body: () => ({ description: 'Planted' }),
  },
  // The control meets the live bookings (409) or deletes a classroom the other deletes need:
  // deletes run children first, so the classroom goes last.
  'DELETE /api/classroom/:id/': { params: (f) => ({ id: f.classroom }) },
  'GET /api/classrooms/class-update-delete/:id/': { params: (f) => ({ id: f.classroomClass }) },
  'PATCH /api/classrooms/class-update-delete/:id/': {
    params: (f) => ({ id: f.classroomClass }),
    body: () => ({ description: 'Planted' }),
  },
  'DELETE /api/classrooms/class-update-delete/:id/': { params: (f) => ({ id: f.classroomClass }) },
  'PATCH /api/classrooms/topic-update-delete/:id/': {
    params: (f) => ({ id: f.classroomTopic }),
    body: () => ({ description: 'Planted' }),
  },
  'DELETE /api/classrooms/topic-update-delete/:id/': { params: (f) => ({ id: f.classroomTopic }) },
  'GET /api/classrooms/session-update-delete/:id/': { params: (f) => ({ id: f.classroomSession }) },
  'PATCH /api/classrooms/session-update-delete/:id/': {
    params: (f) => ({ id: f.classroomSession }),
    body: () => ({ title: 'Planted' }),
  },
  'DELETE /api/classrooms/session-update-delete/:id/': {
    params: (f) => ({ id: f.classroomSession }),
  },
  'PATCH /api/classrooms/room-update-delete/:id/': {
    params: (f) => ({ id: f.classroomRoom }),
    body: () => ({ location: 'Planted' }),
  },
  'DELETE /api/classrooms/room-update-delete/:id/': { params: (f) => ({ id: f.classroomRoom }) },
  // Bookings: the learner's seat, cancelled by a manager (deletes run last).
  'DELETE /api/classroom/attendee/:id/': { params: (f) => ({ id: f.classroomBooking }) },
  'PATCH /api/classrooms/update-requisites/:id/': {
    params: (f) => ({ id: f.classroomRequisite }),
    body: () => ({ title: 'Planted' }),
  },
  'DELETE /api/classrooms/update-requisites/:id/': {
    params: (f) => ({ id: f.classroomRequisite }),
  },
  'POST /api/classrooms/requisites/:id/done/': {
    params: (f) => ({ id: f.classroomRequisite }),
    owner: 'learner',
  },
  'GET /api/classrooms/requisites/:id/file/': { params: (f) => ({ id: f.classroomRequisite }) },
  'GET /api/meeting/end/:uuid/': {
    params: (f) => ({ uuid: f.classroomSessionUuid }),
    owner: 'learner',
  },
};

/** acme's classroom objects named in the body or the query. */
export const CLASSROOM_BODY_CALLS: Record<string, IdCall> = {
  // acme's learner holds a seat already: the control meets a 409, globex's a 404.
  'POST /api/classroom/attendee/': {
    params: () => ({}),
    body: (f) => ({ session: f.classroomSession, user: f.learner }),
  },
  'GET /api/classroom/attendee/': {
    params: () => ({}),
    query: (f) => `?session=${f.classroomSession}`,
  },
  // Before the start attendance is refused (400); the session is named all the same.
  'POST /api/classrooms/attendance/': {
    params: () => ({}),
    body: (f) => ({
      session: f.classroomSession,
      marks: [{ booking: f.classroomBooking, mark: 'present' }],
    }),
  },
  'GET /api/classrooms/check-in-code/': {
    params: () => ({}),
    query: (f) => `?session=${f.classroomSession}`,
  },
  'POST /api/classrooms/check-in/': {
    params: () => ({}),
    body: (f) => ({ session: f.classroomSession, code: '000000' }),
    owner: 'learner',
  },
  'POST /api/meeting/create': {
    params: () => ({}),
    body: (f) => ({ session: f.classroomSession }),
  },
  'POST /api/meeting/create_classroom': {
    params: () => ({}),
    body: (f) => ({ session: f.classroomSession }),
  },
  'POST /api/classroom/pre_post_requisite/': {
    params: () => ({}),
    body: (f) => ({
      session: f.classroomSession,
      kind: 'post',
      title: 'Planted',
      course: f.course,
    }),
  },
  'POST /api/classrooms/upload-requisites/': {
    params: () => ({}),
    body: (f) => ({
      parts: [
        { name: 'session', value: String(f.classroomSession) },
        { name: 'kind', value: 'post' },
        { name: 'title', value: 'Planted' },
        { name: 'file', filename: 'p.pdf', content: PDF, type: 'application/pdf' },
      ],
    }),
  },
  'GET /api/classrooms/requisites/': {
    params: () => ({}),
    query: (f) => `?session_id=${f.classroomSession}`,
  },
  'GET /api/classrooms/survey/': {
    params: () => ({}),
    query: (f) => `?session=${f.classroomSession}`,
    owner: 'learner',
  },
  // Not attended yet: the control meets a refusal of the answer (not of the session).
  'POST /api/classrooms/survey/': {
    params: () => ({}),
    body: (f) => ({ session: f.classroomSession, rating: 5 }),
    owner: 'learner',
  },
  'POST /api/classrooms/import-learner/': {
    params: () => ({}),
    body: (f) => ({
      parts: [
        { name: 'session', value: String(f.classroomSession) },
        {
          name: 'file',
          filename: 'learners.csv',
          content: Buffer.from('email\nnobody@example.invalid\n'),
          type: 'text/csv',
        },
      ],
    }),
  },
  'GET /api/classrooms/class-report/': {
    params: () => ({}),
    query: (f) => `?class_id=${f.classroomClass}`,
  },
  'GET /api/classrooms/class-report/export/': {
    params: () => ({}),
    query: (f) => `?class_id=${f.classroomClass}&format=csv`,
  },
  'GET /api/classrooms/session-report/': {
    params: () => ({}),
    query: (f) => `?session_id=${f.classroomSession}`,
  },
  'GET /api/classrooms/session-report/export/': {
    params: () => ({}),
    query: (f) => `?session_id=${f.classroomSession}&format=csv`,
  },
  'GET /api/classrooms/learner-report/': {
    params: () => ({}),
    query: (f) => `?user_id=${f.learner}`,
  },
  'GET /api/classrooms/learner-report/export/': {
    params: () => ({}),
    query: (f) => `?user_id=${f.learner}&format=csv`,
  },
  'GET /api/classrooms/session-data-count/': {
    params: () => ({}),
    query: (f) => `?class_id=${f.classroomClass}`,
  },
  'POST /api/meeting/token/': {
    params: () => ({}),
    body: (f) => ({ key: f.classroomSessionUuid }),
    owner: 'learner',
  },
  'POST /api/classrooms/publish-classroom/': {
    params: () => ({}),
    body: (f) => ({ classroom: f.classroom, action: 'withdraw' }),
    lastControl: true,
  },
  'GET /api/classrooms/classes/': {
    params: () => ({}),
    query: (f) => `?classroom_id=${f.classroom}`,
  },
  'POST /api/classrooms/classes/': {
    params: () => ({}),
    body: (f) => ({ classroom: f.classroom, name: 'Planted' }),
  },
  'GET /api/classrooms/topics/': {
    params: () => ({}),
    query: (f) => `?class_id=${f.classroomClass}`,
  },
  'POST /api/classrooms/topics/': {
    params: () => ({}),
    body: (f) => ({ class: f.classroomClass, title: 'Planted' }),
  },
  'GET /api/classrooms/sessions/': {
    params: () => ({}),
    query: (f) => `?topic_id=${f.classroomTopic}`,
  },
  'POST /api/classrooms/sessions/': {
    params: () => ({}),
    body: (f) => ({
      topic: f.classroomTopic,
      sessions: [
        {
          title: 'Planted',
          date: new Date(Date.now() + 9 * 86_400_000).toISOString().slice(0, 10),
          start_time: '15:00',
          end_time: '16:00',
          time_zone: 'UTC',
          trainers: [f.trainer],
          online: true,
          capacity: 3,
        },
      ],
    }),
  },
};
