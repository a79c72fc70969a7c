import type { TManualHit, TManualPage, TManualPageSummary } from '@atrium/contract';

/* Sample objects for this feature's tests. */

export const makeSummary = (over: Partial<TManualPageSummary> = {}): TManualPageSummary => ({
  slug: 'authoring-a-course',
  title: 'Authoring a course',
  summary: 'Create a draft course and publish it.',
  roles: ['admin', 'trainer'],
  screens: [
    { path: '/courses/add-course', title: 'Add course' },
    { path: '/courses/edit-course/:id', title: 'Edit course' },
  ],
  ...over,
});

export const makePage = (over: Partial<TManualPage> = {}): TManualPage => ({
  ...makeSummary(),
  html: '<h2 id="create-the-course">Create the course</h2><p>Open <a href="/courses">Courses</a>.</p><h3 id="many-at-once">Many at once</h3><p>Import them.</p>',
  headings: [
    { id: 'create-the-course', text: 'Create the course', level: 2 },
    { id: 'many-at-once', text: 'Many at once', level: 3 },
  ],
  ...over,
});

export const makeHit = (over: Partial<TManualHit> = {}): TManualHit => ({
  ...makeSummary(),
  snippet: '…press Import courses…',
  anchor: 'many-at-once',
  title_match: false,
  ...over,
});
