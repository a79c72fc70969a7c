import type { TAcknowledgement, TAnnouncement, TPage } from '@atrium/contract';

/* Builders of the API's announcement objects for this feature's tests. */

export const page = <T>(results: T[], count = results.length): TPage<T> => ({
  count,
  next: null,
  previous: null,
  results,
});

export function makeAnnouncement(over: Partial<TAnnouncement> = {}): TAnnouncement {
  return {
    id: 7,
    organisation: 1,
    title: 'New fire drill procedure',
    body: '<p>Meet at the <strong>car park</strong>.</p><p>Bring your badge.</p>',
    audience: null,
    publish_at: '2026-03-02T09:00:00Z',
    expires_at: null,
    state: 'published',
    pinned: false,
    must_acknowledge: false,
    send_email: true,
    author: { id: 2, fullname: 'Ada Admin' },
    created_at: '2026-03-02T08:00:00Z',
    updated_at: '2026-03-02T08:00:00Z',
    reader: true,
    read_at: '2026-03-02T10:00:00Z',
    acknowledged_at: null,
    stats: null,
    abilities: { edit: false, delete: false, report: false, acknowledge: false },
    ...over,
  };
}

export function makeAcknowledgement(over: Partial<TAcknowledgement> = {}): TAcknowledgement {
  return {
    user: { id: 9, fullname: 'Lee Learner', email: 'lee@example.org', department: 'Nursing' },
    read_at: '2026-03-02T10:00:00Z',
    acknowledged_at: null,
    ...over,
  };
}
