import { expect } from 'vitest';
import { createTestApp, type TestApp } from './app.ts';
import { makeOrganisationWithStaff, type SignedIn, type Staff } from './auth.ts';
import { discussionTypesOf } from './factories/index.ts';
import { api } from './http.ts';

/** What the forums' API tests share: the app with two organisations and calls that must succeed. */

export interface ForumBed {
  t: TestApp;
  http: ReturnType<typeof api>;
  acme: Staff;
  globex: Staff;
  types: { question: number; idea: number; general: number };
}

export async function startForumApp(): Promise<ForumBed> {
  const t = await createTestApp();
  const acme = await makeOrganisationWithStaff(t.database.db, t.config, { isDefault: true });
  return {
    t,
    http: api(t),
    acme,
    globex: await makeOrganisationWithStaff(t.database.db, t.config),
    types: await discussionTypesOf(t.database.db, acme.org.id),
  };
}

let n = 0;
/** A forum made by `who` (a fresh name each time unless the body gives one). */
export async function forumAs(bed: ForumBed, who: SignedIn, body: Record<string, unknown> = {}) {
  const res = await bed.http.post('/api/forum/', who.token, { name: `Board ${++n}`, ...body });
  expect(res.statusCode, res.body).toBe(201);
  return res.json() as { id: number; slug: string; subscribed: boolean; abilities: object };
}

/** A thread of that forum by `who`. */
export async function threadAs(
  bed: ForumBed,
  who: SignedIn,
  slug: string,
  over: Record<string, unknown> = {},
) {
  const res = await bed.http.post('/api/discussions/', who.token, {
    type: bed.types.general,
    title: 'A thread',
    body: '<p>Hello</p>',
    forum: slug,
    ...over,
  });
  expect(res.statusCode, res.body).toBe(201);
  return res.json() as { id: number; forum: { slug: string; name: string } | null };
}
