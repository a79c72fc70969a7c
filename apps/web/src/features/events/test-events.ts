import type { TEvent, TEventDetail, TEventEnrolmentRow, TPage } from '@atrium/contract';

/* Builders of the API's event objects for this feature's tests. */

export const page = <T>(results: T[]): TPage<T> => ({
  count: results.length,
  next: null,
  previous: null,
  results,
});

export function makeEvent(over: Partial<TEvent> = {}): TEvent {
  return {
    id: 7,
    uuid: '0d7c1a52-77a9-4ea5-9d1d-0f2f4d1c1a07',
    organisation: 1,
    type: { id: 3, name: 'Workshop', colour: '#aa3300' },
    title: 'Safe lifting workshop',
    description: '<p>Bring <strong>gloves</strong>.</p>',
    starts_at: '2030-03-04T09:00:00Z',
    ends_at: '2030-03-04T10:30:00Z',
    time_zone: 'UTC',
    rrule: null,
    exdates: [],
    last_ends_at: '2030-03-04T10:30:00Z',
    next_occurrence: '2030-03-04T09:00:00Z',
    location: 'Hall B',
    online_url: null,
    capacity: 20,
    audience: null,
    cpd_value: 1.5,
    cpd_unit: 'hours',
    cpd_category: null,
    enrolment: 'open',
    status: 'published',
    created_by: { id: 2, fullname: 'Ada Admin' },
    enrolled_count: 3,
    my_enrolment: null,
    abilities: {
      edit: false,
      delete: false,
      enrol: true,
      enrol_for_cpd: true,
      cancel_enrolment: false,
      manage_enrolments: false,
    },
    ...over,
  };
}

export function makeDetail(over: Partial<TEventDetail> = {}): TEventDetail {
  const event = makeEvent(over);
  return {
    ...event,
    occurrences: over.occurrences ?? [
      { starts_at: event.starts_at, ends_at: event.ends_at, attended: false },
    ],
  };
}

export function makeEnrolmentRow(over: Partial<TEventEnrolmentRow> = {}): TEventEnrolmentRow {
  return {
    id: 50,
    user: { id: 9, fullname: 'Lee Learner', email: 'lee@example.org' },
    status: 'enrolled',
    for_cpd: true,
    requested_at: '2026-01-01T09:00:00Z',
    enrolled_at: '2026-01-01T09:00:00Z',
    attended: [],
    ...over,
  };
}
