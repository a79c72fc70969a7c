import type { Caller, IdCall } from './calls.ts';

/**
 * The user manual (issue 23) in the cross-organisation test. Its pages are product
 * documentation shipped with the server, the same for every organisation: no organisation owns
 * them, so another organisation's staff read a page like acme's do. Learners are refused by
 * role (403) whatever their organisation; manual.test.ts checks the role rules.
 */
export const MANUAL_CALLS: Record<string, IdCall> = {
  'GET /api/manual/:slug/': { params: () => ({ slug: 'getting-started' }) },
};

export const MANUAL_SHARED_READS = {
  'GET /api/manual/:slug/': {
    reason: 'the manual is product documentation, the same for every organisation’s staff',
    fixtures: 'both',
    outsiders: ['admin', 'trainer'],
  },
} satisfies Record<
  string,
  { reason: string; fixtures: 'shared' | 'both'; outsiders?: readonly Caller[] }
>;
