import type { TImage, TWallPost } from '@atrium/contract';
import { and, eq } from 'drizzle-orm';
import { expect } from 'vitest';
import { notifications } from '../src/schema/notifications.table.ts';
import { createTestApp, type TestApp } from './app.ts';
import { makeOrganisationWithStaff, type SignedIn, type Staff } from './auth.ts';
import { PNG } from './factories/index.ts';
import { api, call } from './http.ts';

/** What the wall's API tests share: the app with two organisations, and calls that must succeed. */

export const FEED = '/api/feed/';

export interface WallBed {
  t: TestApp;
  http: ReturnType<typeof api>;
  acme: Staff;
  globex: Staff;
}

export async function startWallApp(): Promise<WallBed> {
  const t = await createTestApp();
  return {
    t,
    http: api(t),
    acme: await makeOrganisationWithStaff(t.database.db, t.config, { isDefault: true }),
    globex: await makeOrganisationWithStaff(t.database.db, t.config),
  };
}

export async function postAs(bed: WallBed, who: SignedIn, body: unknown): Promise<TWallPost> {
  const res = await bed.http.post(FEED, who.token, body);
  expect(res.statusCode, res.body).toBe(201);
  return res.json();
}

export async function uploadAs(bed: WallBed, who: SignedIn): Promise<TImage> {
  const res = await call(bed.t.app, 'POST', '/api/images/', {
    token: who.token,
    form: [{ name: 'image', filename: 'a.png', content: PNG, type: 'image/png' }],
  });
  expect(res.statusCode, res.body).toBe(201);
  return res.json();
}

export async function feedAs(bed: WallBed, who: SignedIn, query = '') {
  const res = await bed.http.get(`${FEED}${query}`, who.token);
  expect(res.statusCode, res.body).toBe(200);
  return res.json() as { results: TWallPost[]; next_cursor: string | null };
}

export const notificationsOf = (
  bed: WallBed,
  userId: number,
  type: 'wall_mention' | 'wall_comment',
) =>
  bed.t.database.db
    .select()
    .from(notifications)
    .where(and(eq(notifications.recipientId, userId), eq(notifications.type, type)));
