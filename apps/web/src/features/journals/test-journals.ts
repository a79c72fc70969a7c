import type { TGoal, TJournalEntry, TPage } from '@atrium/contract';

/* Sample objects for this feature's tests. */

export const page = <T>(results: T[], more: Partial<TPage<T>> = {}): TPage<T> => ({
  count: results.length,
  next: null,
  previous: null,
  results,
  ...more,
});

export const makeGoal = (over: Partial<TGoal> = {}): TGoal => ({
  id: 1,
  title: 'Finish first aid',
  description: '',
  target_date: '2030-05-01',
  status: 'planned',
  course: null,
  created_at: '2026-01-01T00:00:00.000Z',
  updated_at: '2026-01-01T00:00:00.000Z',
  ...over,
});

export const makeEntry = (over: Partial<TJournalEntry> = {}): TJournalEntry => ({
  id: 7,
  title: 'Week one',
  body_html: '<p>Learnt a lot</p>',
  went_well: 'Quizzes',
  to_improve: '',
  course: { id: 3, title: 'Safety basics' },
  session: null,
  visibility: 'shared_with_trainer',
  author: { id: 5, fullname: 'Lee Learner' },
  created_at: '2026-01-01T00:00:00.000Z',
  updated_at: '2026-01-02T00:00:00.000Z',
  abilities: { edit: true, delete: true },
  ...over,
});

export const LINKS = {
  courses: [{ id: 3, title: 'Safety basics' }],
  sessions: [{ id: 9, title: 'Fire drill', starts_at: '2030-01-01T09:00:00.000Z' }],
};
