import type {
  TLearningPath,
  TLearningPathDetail,
  TLearningPathEnrolment,
  TLearningPathItem,
} from '@atrium/contract';

/* Objects in the contract's shapes for this feature's tests (not part of the app). */

const NONE = {
  edit: false,
  delete: false,
  publish: false,
  archive: false,
  manage: false,
  enrol: false,
  request: false,
  review: false,
};

export function makePath(over: Partial<TLearningPath> = {}): TLearningPath {
  return {
    id: 1,
    organization: 7,
    title: 'Onboarding',
    description: '<p>Start here.</p>',
    image: null,
    category: null,
    status: 'published',
    visibility: 'organisation',
    enrolment: 'self',
    strict_sequence: false,
    estimated_minutes: 90,
    due_mode: 'none',
    due_at: null,
    due_days: null,
    due_soon_days: 3,
    validity_months: null,
    cpd_hours: null,
    item_count: 3,
    enrolled_count: 0,
    rating: null,
    created_by: { id: 2, fullname: 'Ada Admin' },
    created_at: '2026-01-10T10:00:00.000Z',
    published_at: '2026-01-11T10:00:00.000Z',
    mine: null,
    ...over,
    abilities: { ...NONE, ...over.abilities },
  };
}

export function makeItem(
  id: number,
  courseId: number,
  title: string,
  over: Partial<TLearningPathItem> = {},
): TLearningPathItem {
  return {
    id,
    kind: 'course',
    course: { id: courseId, title, image: null, duration: 30, status: 'published' },
    position: id,
    elective_group: null,
    requires: [],
    mine: null,
    ...over,
  };
}

export function makeDetail(over: Partial<TLearningPathDetail> = {}): TLearningPathDetail {
  const items = over.items ?? [
    makeItem(11, 101, 'Safety basics'),
    makeItem(12, 102, 'First aid'),
    makeItem(13, 103, 'Fire drill', { requires: [11, 12] }),
  ];
  return {
    ...makePath(over),
    items,
    electives: [],
    next_item: null,
    ...over,
    item_count: items.length,
  };
}

export function makeEnrolment(
  id: number,
  fullname: string,
  over: Partial<TLearningPathEnrolment> = {},
): TLearningPathEnrolment {
  return {
    id,
    learning_path: 1,
    user: { id: id + 100, fullname, email: `${id}@acme.test` },
    state: 'in_progress',
    source: 'assigned',
    progress_percent: 33,
    completed_items: 1,
    required_items: 3,
    enrolled_at: '2026-02-01T10:00:00.000Z',
    due_at: null,
    completed_at: null,
    expires_at: null,
    ...over,
  };
}

export const page = <T>(results: T[]) => ({
  count: results.length,
  next: null,
  previous: null,
  results,
});
