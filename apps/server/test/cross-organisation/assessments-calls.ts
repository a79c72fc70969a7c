import type { IdCall, ReverseCall } from './calls.ts';

/**
 * The question bank in the cross-organisation test (see calls.ts): a category of acme's holding
 * one question that acme's admin wrote through the API (objects.ts makes them).
 */
export interface AssessmentObjects {
  question: number;
  questionCategory: number;
}

const essay = { type: 'essay', points: 1, stem: '<p>Planted</p>' };

export const ASSESSMENT_CALLS: Record<string, IdCall> = {
  'GET /api/assessment/question/bank/:id/': { params: (f) => ({ id: f.question }) },
  'PUT /api/assessment/question/bank/:id/': {
    params: (f) => ({ id: f.question }),
    body: () => ({ title: 'Planted', definition: essay }),
  },
  'GET /api/assessment/question/bank/:id/versions/': { params: (f) => ({ id: f.question }) },
  // The category is listed before the question, so its control (a delete, children first) finds
  // it empty; the question's own delete runs first.
  'PATCH /api/assessment/question/categories/:id/': {
    params: (f) => ({ id: f.questionCategory }),
    body: () => ({ name: 'Planted' }),
  },
  'DELETE /api/assessment/question/categories/:id/': {
    params: (f) => ({ id: f.questionCategory }),
  },
  'DELETE /api/assessment/question/bank/:id/': { params: (f) => ({ id: f.question }) },
};

/** Naming acme's category in the query. */
export const ASSESSMENT_BODY_CALLS: Record<string, IdCall> = {
  'GET /api/assessment/question/bank/': {
    params: () => ({}),
    query: (f) => `?category=${f.questionCategory}`,
    list: true,
  },
  'GET /api/assessment/question/categories/': {
    params: () => ({}),
    query: (f) => `?parent=${f.questionCategory}`,
    list: true,
  },
};

/** globex's own question and a second category of its own, filed under acme's category. */
export const ASSESSMENT_REVERSE: ReverseCall[] = [
  {
    route: 'POST /api/assessment/question/bank/',
    body: (n) => ({ title: 'Planted', category: n.questionCategory, definition: essay }),
  },
  {
    route: 'POST /api/assessment/question/categories/',
    body: (n) => ({ name: 'Planted', parent: n.questionCategory }),
  },
  {
    route: 'PUT /api/assessment/question/bank/:id/',
    params: (m) => ({ id: m.question }),
    body: (n) => ({ category: n.questionCategory }),
  },
  {
    route: 'PATCH /api/assessment/question/categories/:id/',
    params: (m) => ({ id: m.questionChild }),
    body: (n) => ({ parent: n.questionCategory }),
  },
];
