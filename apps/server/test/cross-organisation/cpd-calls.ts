import { PDF } from '../factories/catalogue.ts';
import type { Body, IdCall } from './calls.ts';

/**
 * CPD in the cross-organisation test (see calls.ts): a category of acme's (made by its admin)
 * and an external entry of acme's learner waiting for approval, with a PDF as evidence.
 */
export interface CpdObjects {
  cpdCategory: number;
  cpdEntry: number;
}

type Json = (
  token: string,
  method: 'POST' | 'PATCH' | 'PUT',
  url: string,
  payload: Body,
) => Promise<{ id: number } & Record<string, unknown>>;

export async function makeCpdObjects(
  json: Json,
  admin: string,
  learner: string,
): Promise<CpdObjects> {
  const category = await json(admin, 'POST', '/api/cpd/categories/', {
    name: 'Formal',
    minimum: 5,
  });
  const entry = await json(learner, 'POST', '/api/cpd/entries/', {
    parts: [
      { name: 'title', value: 'Conference' },
      { name: 'category', value: String(category.id) },
      { name: 'value', value: '3' },
      { name: 'completed_at', value: '2025-01-15' },
      { name: 'evidence', filename: 'certificate.pdf', content: PDF, type: 'application/pdf' },
    ],
  });
  return { cpdCategory: category.id, cpdEntry: entry.id };
}

export const CPD_CALLS: Record<string, IdCall> = {
  'PATCH /api/cpd/categories/:id/': {
    params: (f) => ({ id: f.cpdCategory }),
    body: () => ({ name: 'Taken over' }),
  },
  'DELETE /api/cpd/categories/:id/': { params: (f) => ({ id: f.cpdCategory }) },
  // Only the learner who added it withdraws it (acme's admin may not: 403).
  'DELETE /api/cpd/entries/:id/': { params: (f) => ({ id: f.cpdEntry }), owner: 'learner' },
  'GET /api/cpd/entries/:id/evidence/': { params: (f) => ({ id: f.cpdEntry }) },
};

/** acme's learner named in the query: their ledger is theirs and their admins'. */
export const CPD_BODY_CALLS: Record<string, IdCall> = {
  'GET /api/cpd/summary/': { params: () => ({}), query: (f) => `?user=${f.learner}` },
  'GET /api/cpd/entries/': { params: () => ({}), query: (f) => `?user=${f.learner}` },
  'GET /api/cpd/export/': {
    params: () => ({}),
    query: (f) => `?format=xlsx&user=${f.learner}`,
  },
};
