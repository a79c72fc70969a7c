import type { IdCall } from './calls.ts';

/**
 * The superadmin console (issue 23) in the cross-organisation test: only superadmins pass the
 * access rule, so another organisation's admin, trainer and learner are refused by role (403)
 * before acme's id is even looked at. The owner who proves the id is real is acme's superadmin.
 */
export const ADMIN_CALLS: Record<string, IdCall> = {
  'GET /api/admin/organisations/:id/features/': {
    params: (f) => ({ id: f.org }),
    owner: 'superadmin',
  },
  'PATCH /api/admin/organisations/:id/features/': {
    params: (f) => ({ id: f.org }),
    body: () => ({ features: { blogs: true } }),
    owner: 'superadmin',
  },
};
