import type { TClassroom, TPage, TSession } from '@atrium/contract';

/* Builders of the API's classroom objects for this feature's tests. */

export const page = <T>(results: T[]): TPage<T> => ({
  count: results.length,
  next: null,
  previous: null,
  results,
});

export function makeClassroom(over: Partial<TClassroom> = {}): TClassroom {
  return {
    id: 1,
    organisation: 1,
    title: 'Warehouse safety',
    description: '',
    status: 'draft',
    created_by: { id: 2, fullname: 'Ada Admin' },
    published_at: null,
    class_count: 1,
    session_count: 2,
    next_session_at: null,
    approval_request: null,
    abilities: { edit: true, delete: true, publish: true },
    ...over,
  };
}

export function makeSession(over: Partial<TSession> = {}): TSession {
  const start = new Date(Date.now() + 3 * 86_400_000);
  const end = new Date(start.getTime() + 3_600_000);
  return {
    id: 11,
    uuid: '5b3c7a52-77a9-4ea5-9d1d-0f2f4d1c1a11',
    organisation: 1,
    classroom: 1,
    classroom_title: 'Warehouse safety',
    class: 4,
    class_name: 'March cohort',
    topic: 6,
    topic_title: 'Forklifts',
    title: 'Forklift basics',
    date: '2026-03-03',
    start_time: '09:00',
    end_time: '10:00',
    time_zone: 'UTC',
    starts_at: start.toISOString(),
    ends_at: end.toISOString(),
    trainers: [{ id: 7, fullname: 'Tess Trainer' }],
    room: { id: 3, organisation: 1, name: 'Room A', location: 'Floor 2', capacity: 10 },
    online: false,
    capacity: 1,
    minimum_size: null,
    cut_off_at: null,
    keep_below_minimum: false,
    status: 'scheduled',
    booked_count: 0,
    waitlisted_count: 0,
    my_booking: null,
    abilities: { edit: false, cancel: false, attendance: false, book: true },
    ...over,
  };
}
