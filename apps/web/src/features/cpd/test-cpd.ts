import type { TCpdCategory, TCpdEntry, TCpdScheme, TCpdSummary, TPage } from '@atrium/contract';

/* Builders of the API's CPD objects for this feature's tests. */

export const page = <T>(results: T[]): TPage<T> => ({
  count: results.length,
  next: null,
  previous: null,
  results,
});

export function makeScheme(over: Partial<TCpdScheme> = {}): TCpdScheme {
  return {
    id: 1,
    name: 'Annual CPD',
    unit: 'hours',
    cycle_months: 12,
    start_month: 4,
    target: 20,
    carry_over_max: 5,
    evidence_required: true,
    ...over,
  };
}

export function makeCategory(over: Partial<TCpdCategory> = {}): TCpdCategory {
  return { id: 3, name: 'Formal', minimum: 10, entries: 2, ...over };
}

export function makeSummary(over: Partial<TCpdSummary> = {}): TCpdSummary {
  return {
    user: { id: 5, name: 'Lee Learner' },
    scheme: makeScheme(),
    cycle: { start: '2026-04-01T00:00:00.000Z', end: '2027-04-01T00:00:00.000Z' },
    unit: 'hours',
    target: 20,
    earned: 10.5,
    carried_over: 2,
    total: 12.5,
    pending: 3,
    categories: [
      { id: 3, name: 'Formal', minimum: 10, earned: 10.5 },
      { id: 4, name: 'Informal', minimum: 5, earned: 0 },
    ],
    uncategorised: 0,
    other_unit: null,
    history: [
      {
        start: '2025-04-01T00:00:00.000Z',
        end: '2026-04-01T00:00:00.000Z',
        earned: 22,
        carried_over: 0,
        total: 22,
      },
      {
        start: '2026-04-01T00:00:00.000Z',
        end: '2027-04-01T00:00:00.000Z',
        earned: 10.5,
        carried_over: 2,
        total: 12.5,
      },
    ],
    ...over,
  };
}

export function makeEntry(over: Partial<TCpdEntry> = {}): TCpdEntry {
  return {
    id: 21,
    user: 5,
    title: 'Fire safety webinar',
    category: { id: 3, name: 'Formal' },
    source_kind: 'event',
    source_link: '/cpd?event=12',
    value: 1.5,
    unit: 'hours',
    completed_at: '2026-05-12T00:00:00.000Z',
    status: 'credited',
    reflection: '',
    evidence_name: null,
    created_at: '2026-05-12T10:00:00.000Z',
    abilities: { withdraw: false, download_evidence: false },
    ...over,
  };
}

/** An external entry waiting for approval, with its evidence. */
export const pendingExternal = (over: Partial<TCpdEntry> = {}) =>
  makeEntry({
    id: 22,
    title: 'First aid course',
    source_kind: 'external',
    source_link: null,
    category: null,
    value: 4,
    status: 'pending',
    reflection: '<p>Learnt CPR.</p>',
    evidence_name: 'certificate.pdf',
    abilities: { withdraw: true, download_evidence: true },
    ...over,
  });
