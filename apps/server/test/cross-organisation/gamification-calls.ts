import type { Body, IdCall } from './calls.ts';

/**
 * Gamification in the cross-organisation test (see calls.ts): acme's levels, made by its admin
 * (the 0-point level a PATCH changes, and a spare one the delete control removes). A person's
 * detail is read by id, the board by org_id.
 */
export interface GamificationObjects {
  level: number;
  spareLevel: number;
}

type Json = (
  token: string,
  method: 'POST' | 'PATCH' | 'PUT',
  url: string,
  payload: Body,
) => Promise<{ id: number } & Record<string, unknown>>;

export async function makeGamificationObjects(
  json: Json,
  admin: string,
): Promise<GamificationObjects> {
  const url = '/api/gamification/user-badge-range-list/';
  const level = await json(admin, 'POST', url, {
    name: 'Starter',
    min_points: 0,
    color: '#336699',
  });
  const spare = await json(admin, 'POST', url, { name: 'Spare', min_points: 50, color: '#993366' });
  return { level: level.id, spareLevel: spare.id };
}

export const GAMIFICATION_CALLS: Record<string, IdCall> = {
  'PATCH /api/gamification/user-badge-range-list/:id/': {
    params: (f) => ({ id: f.level }),
    body: () => ({ name: 'Planted' }),
  },
  'DELETE /api/gamification/user-badge-range-list/:id/': {
    params: (f) => ({ id: f.spareLevel }),
  },
  'GET /api/gamification/user-detail/:id/': { params: (f) => ({ id: f.learner }) },
};

export const GAMIFICATION_BODY_CALLS: Record<string, IdCall> = {
  'GET /api/gamification/user-badge-leaderboard-list/': {
    params: () => ({}),
    query: (f) => `?org_id=${f.org}`,
  },
};
