import type { IdCall, ReverseCall } from './calls.ts';

/**
 * Learning paths in the cross-organisation test (see calls.ts): a published path of acme's with
 * an image, its own course as the one item, acme's learner enrolled, and a review by another
 * learner of acme (objects.ts makes them).
 */
export interface LearningPathObjects {
  learningPath: number;
  /** The learning_path_items row of the path's course. */
  pathItem: number;
  /** The course that item holds. */
  pathCourse: number;
  /** acme's learner's enrolment in the path. */
  pathEnrolment: number;
  pathReview: number;
}

export const LEARNING_PATH_CALLS: Record<string, IdCall> = {
  'PUT /api/v1/learning-path/:id/': {
    params: (f) => ({ id: f.learningPath }),
    body: () => ({ title: 'Planted' }),
  },
  // The control meets the enrolment (409) unless the enrolment's own delete went first.
  'DELETE /api/v1/learning-path/:id/': { params: (f) => ({ id: f.learningPath }) },
  'GET /api/v1/learning-path/:id/image/': { params: (f) => ({ id: f.learningPath }) },
  'GET /api/v1/learning_path_detail/:id/': { params: (f) => ({ id: f.learningPath }) },
  // The same structure again: the control changes nothing (item ids are kept).
  'PUT /api/v1/learning-path/:id/structure/': {
    params: (f) => ({ id: f.learningPath }),
    body: (f) => ({ strict_sequence: false, electives: [], items: [{ course: f.pathCourse }] }),
  },
  'GET /api/v1/learning_path_course_module/:lpId/:id/': {
    params: (f) => ({ lpId: f.learningPath, id: f.pathCourse }),
  },
  'PATCH /api/v1/learning_path_published/:id/': {
    params: (f) => ({ id: f.learningPath }),
    body: () => ({ status: 'archived' }),
    lastControl: true,
  },
  'PUT /api/v1/learning-path-course/:id/': {
    params: (f) => ({ id: f.pathItem }),
    body: () => ({ position: 0 }),
  },
  'DELETE /api/v1/learning-path-course/:id/': { params: (f) => ({ id: f.pathItem }) },
  'GET /api/v1/learning_path/all-reviews/:id/': { params: (f) => ({ id: f.learningPath }) },
  // Enrolments (the enrolment side of the slice).
  'PUT /api/v1/learning-path-user/:id/': {
    params: (f) => ({ id: f.pathEnrolment }),
    body: () => ({ due_at: null }),
  },
  'DELETE /api/v1/learning-path-user/:id/': { params: (f) => ({ id: f.pathEnrolment }) },
};

/** Naming acme's path, course or category in the body or query. */
export const LEARNING_PATH_BODY_CALLS: Record<string, IdCall> = {
  'GET /api/v1/learning-path/': {
    params: () => ({}),
    query: (f) => `?scope=manage&category=${f.category}`,
    list: true,
  },
  'POST /api/v1/learning-path-course/': {
    params: () => ({}),
    body: (f) => ({ learning_path: f.learningPath, course: f.course }),
  },
  'POST /api/v1/learning_path/reviews/': {
    params: () => ({}),
    body: (f) => ({ learning_path: f.learningPath, rating: 1, comment: 'Planted.' }),
    owner: 'learner',
  },
  // The enrolment side: acme's path named in the query or the body.
  'GET /api/v1/learning-path-user/': {
    params: () => ({}),
    query: (f) => `?learning_path=${f.learningPath}`,
  },
  'GET /api/v1/learning-path-user/export/': {
    params: () => ({}),
    query: (f) => `?learning_path=${f.learningPath}`,
  },
  'POST /api/v1/learning-path-user/': {
    params: () => ({}),
    body: (f) => ({ learning_path: f.learningPath, users: [f.learner] }),
  },
  // acme's learner is enrolled already: the control meets a 409, globex's a 404.
  'POST /api/v1/learning-path-user/join/': {
    params: () => ({}),
    body: (f) => ({ learning_path: f.learningPath }),
    owner: 'learner',
  },
  // Naming no enrolment of it: acme's control must not remove the one the id routes use.
  'POST /api/v1/learning-path-user/delete-multiple-user/': {
    params: () => ({}),
    body: (f) => ({ learning_path: f.learningPath, ids: [2_000_000_000] }),
  },
  'POST /api/v1/learning-path-notification/': {
    params: () => ({}),
    body: (f) => ({ learning_path: f.learningPath, subject: 'Planted', message: 'Planted.' }),
  },
};

/** globex's path in acme's category. */
export const LEARNING_PATH_REVERSE: ReverseCall[] = [
  {
    route: 'POST /api/v1/learning-path/',
    body: (n) => ({ title: 'Planted', category: n.category }),
  },
];
