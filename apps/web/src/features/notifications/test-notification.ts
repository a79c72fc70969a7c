import type { TNotification } from '@atrium/contract';

/** A notification for the tests, unread, about a course. */
export function notification(overrides: Partial<TNotification> = {}): TNotification {
  return {
    id: 1,
    type: 'enrolment_assigned',
    actor: { id: 2, fullname: 'Ada Admin' },
    subject: { kind: 'course', id: 7, title: 'Safety basics' },
    message: 'Ada Admin enrolled you in Safety basics.',
    link: '/course/7',
    created_at: '2025-03-10T09:00:00.000Z',
    viewed_at: null,
    is_viewed: false,
    ...overrides,
  };
}
