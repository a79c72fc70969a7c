import type { Body, IdCall } from './calls.ts';

/**
 * Events in the cross-organisation test (see calls.ts): acme's event type, and a published
 * event with a CPD value two days ahead (made through the API by acme's admin) in which acme's
 * learner enrolled.
 */
export interface EventObjects {
  eventType: number;
  event: number;
  /** The event's (only) occurrence start, ISO. */
  eventOccurrence: string;
  /** acme's learner's enrolment in it. */
  eventEnrolment: number;
}

type Json = (
  token: string,
  method: 'POST' | 'PATCH' | 'PUT',
  url: string,
  payload: Body,
) => Promise<{ id: number } & Record<string, unknown>>;

export async function makeEventObjects(
  json: Json,
  admin: string,
  learner: string,
): Promise<EventObjects> {
  const type = await json(admin, 'POST', '/api/events/Event-type/', { name: 'Webinar' });
  const start = new Date(Math.ceil((Date.now() + 2 * 86_400_000) / 60_000) * 60_000);
  const event = await json(admin, 'POST', '/api/events/', {
    title: 'Ethics webinar',
    type: type.id,
    starts_at: start.toISOString(),
    ends_at: new Date(start.getTime() + 3600_000).toISOString(),
    time_zone: 'Europe/London',
    cpd_value: 1,
    cpd_unit: 'hours',
    status: 'published',
  });
  const enrolment = await json(learner, 'POST', `/api/events/${event.id}/enrol/`, {});
  return {
    eventType: type.id,
    event: event.id,
    eventOccurrence: start.toISOString(),
    eventEnrolment: enrolment.id,
  };
}

export const EVENT_CALLS: Record<string, IdCall> = {
  'PATCH /api/events/Event-type/:id/': {
    params: (f) => ({ id: f.eventType }),
    body: () => ({ name: 'Planted' }),
  },
  'DELETE /api/events/Event-type/:id/': { params: (f) => ({ id: f.eventType }) },
  // The control cancels the event (its learner is enrolled): deletes run children first.
  'PATCH /api/events/:id/': {
    params: (f) => ({ id: f.event }),
    body: () => ({ title: 'Planted' }),
  },
  'DELETE /api/events/:id/': { params: (f) => ({ id: f.event }) },
  // The control: acme's admin enrols too (in the audience: the whole organisation).
  'POST /api/events/:id/enrol/': { params: (f) => ({ id: f.event }) },
  'GET /api/events/:id/enrolments/': { params: (f) => ({ id: f.event }) },
  // Before the start attendance is refused (400); the event is named all the same.
  'POST /api/events/:id/attendance/': {
    params: (f) => ({ id: f.event }),
    body: (f) => ({ occurrence: f.eventOccurrence, users: [f.learner], attended: true }),
  },
  // The learner's enrolment, cancelled by a manager (deletes run last).
  'DELETE /api/events/enrolment/:id/': { params: (f) => ({ id: f.eventEnrolment }) },
};

/** acme's events named in the body. */
export const EVENT_BODY_CALLS: Record<string, IdCall> = {
  'POST /api/events/get-event/': { params: () => ({}), body: (f) => ({ id: f.event }) },
  'POST /api/events/cpd_event_enroll/': {
    params: () => ({}),
    body: (f) => ({ event: f.event }),
    owner: 'learner',
  },
};
