import { FORUM_EDIT_WINDOW_MINUTES } from '@atrium/contract';
import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { TestApp } from '../../../test/app.ts';
import { type SignedIn, type Staff, signedInLearner } from '../../../test/auth.ts';
import { type ForumBed, forumAs, startForumApp, threadAs } from '../../../test/forums-bed.ts';
import { auditEvents } from '../../schema/audit.table.ts';
import { discussionAnswers, discussions } from '../../schema/discussions.table.ts';
import { forums } from '../../schema/forums.table.ts';

/* Forums over HTTP: the CRUD by slug, threads and the edit window (course forums and
 * subscriptions: forums.course.test.ts). */

let bed: ForumBed;
let t: TestApp;
let http: ForumBed['http'];
let acme: Staff;
let globex: Staff;
let types: ForumBed['types'];

beforeAll(async () => {
  bed = await startForumApp();
  ({ t, http, acme, globex, types } = bed);
});
afterAll(() => t.close());

const forumOf = (who: SignedIn, body: Record<string, unknown> = {}) => forumAs(bed, who, body);
const threadIn = (who: SignedIn, slug: string, over: Record<string, unknown> = {}) =>
  threadAs(bed, who, slug, over);

const ago = (minutes: number) => new Date(Date.now() - minutes * 60_000);

describe('forum CRUD by slug', () => {
  it('admins create organisation forums, slugs made from the name and numbered', async () => {
    const a = await forumOf(acme.admin, { name: 'Général', description: 'All of us' });
    expect(a).toMatchObject({
      slug: 'general',
      name: 'Général',
      description: 'All of us',
      scope: 'organisation',
      scope_ref: null,
      subscription_mode: 'optional',
      subscribed: false,
      thread_count: 0,
      last_activity_at: null,
      abilities: { edit: true, delete: true, post: true, subscribe: true },
    });
    expect((await forumOf(acme.admin, { name: 'General' })).slug).toBe('general-2');
    // The same slug in another organisation: its own.
    expect((await forumOf(globex.admin, { name: 'General' })).slug).toBe('general');
    // A slug given that is taken: 409 on the field.
    const taken = await http.post('/api/forum/', acme.admin.token, { name: 'X', slug: 'general' });
    expect(taken.statusCode).toBe(409);
    expect(taken.json().errors.slug).toHaveLength(1);
    const [audit] = await t.database.db
      .select()
      .from(auditEvents)
      .where(
        and(eq(auditEvents.action, 'forum.created'), eq(auditEvents.actorId, acme.admin.user.id)),
      );
    expect(audit).toBeDefined();
  });

  it('reads, lists, searches, changes and deletes a forum with its threads', async () => {
    const f = await forumOf(acme.admin, { name: 'Kitchen talk', slug: 'kitchen' });
    const member = await signedInLearner(t, acme.org.id);
    const detail = await http.get('/api/forum/kitchen/', member.token);
    expect(detail.statusCode).toBe(200);
    expect(detail.json().abilities).toEqual({
      edit: false,
      delete: false,
      post: true,
      subscribe: true,
    });
    const list = await http.get('/api/forum/?search=kitchen', member.token);
    expect(list.json().results.map((r: { id: number }) => r.id)).toEqual([f.id]);
    const thread = await threadIn(member, 'kitchen');
    await http.post('/api/discussions/answear/', acme.admin.token, {
      discussion: thread.id,
      body: '<p>Reply</p>',
    });
    const counted = (await http.get('/api/forum/kitchen/', member.token)).json();
    expect(counted.thread_count).toBe(1);
    expect(counted.last_activity_at).not.toBeNull();

    const patched = await http.patch('/api/forum/kitchen/', acme.admin.token, {
      name: 'Kitchen',
      slug: 'kitchen-2',
      subscription_mode: 'auto',
    });
    expect(patched.statusCode, patched.body).toBe(200);
    expect(patched.json()).toMatchObject({
      slug: 'kitchen-2',
      name: 'Kitchen',
      subscription_mode: 'auto',
    });
    expect((await http.get('/api/forum/kitchen/', member.token)).statusCode).toBe(404);
    // Members may not change or delete it.
    expect(
      (await http.patch('/api/forum/kitchen-2/', member.token, { name: 'x' })).statusCode,
    ).toBe(403);
    expect((await http.del('/api/forum/kitchen-2/', acme.trainer.token)).statusCode).toBe(403);

    expect((await http.del('/api/forum/kitchen-2/', acme.admin.token)).statusCode).toBe(204);
    expect((await http.get(`/api/discussions/${thread.id}/`, member.token)).statusCode).toBe(404);
    expect(await t.database.db.select().from(forums).where(eq(forums.id, f.id))).toEqual([]);
    const audits = await t.database.db
      .select({ action: auditEvents.action })
      .from(auditEvents)
      .where(eq(auditEvents.actorId, acme.admin.user.id));
    expect(audits.map((a) => a.action)).toEqual(
      expect.arrayContaining(['forum.updated', 'forum.deleted']),
    );
  });

  it('another organisation’s slug is a 404 for every call', async () => {
    await forumOf(acme.admin, { slug: 'acme-only' });
    for (const who of [globex.admin, globex.trainer, globex.learner]) {
      expect((await http.get('/api/forum/acme-only/', who.token)).statusCode).toBe(404);
      expect((await http.patch('/api/forum/acme-only/', who.token, { name: 'x' })).statusCode).toBe(
        who === globex.learner ? 403 : 404,
      );
      expect(
        (await http.post('/api/forum/acme-only/subscription/', who.token, { subscribed: true }))
          .statusCode,
      ).toBe(404);
      expect((await http.get('/api/thread/?forum=acme-only', who.token)).statusCode).toBe(404);
      expect((await http.get('/api/discussions/?forum=acme-only', who.token)).statusCode).toBe(404);
    }
    expect((await http.get('/api/forum/', globex.admin.token)).json().results).not.toContainEqual(
      expect.objectContaining({ slug: 'acme-only' }),
    );
  });

  it('answers 400, never 500, for bad slugs and input', async () => {
    for (const slug of ['Bad%20Slug', 'UPPER', '-x-', 'a'.repeat(61), '%00', 'x--y']) {
      const res = await http.get(`/api/forum/${slug}/`, acme.admin.token);
      expect(res.statusCode, slug).toBe(400);
    }
    for (const body of [
      {},
      { name: '' },
      { name: 'x', slug: 'Not A Slug' },
      { name: 'x', scope: 'course' },
      { name: 'x', scope: 'organisation', scope_id: 3 },
      { name: 'x', scope: 'path', scope_id: 3 },
      { name: 'x', subscription_mode: 'sometimes' },
      { name: 'x', extra: true },
      { name: 'x'.repeat(121) },
    ]) {
      const res = await http.post('/api/forum/', acme.admin.token, body);
      expect(res.statusCode, JSON.stringify(body)).toBe(400);
      expect(res.json().message).toBeTypeOf('string');
    }
    await forumOf(acme.admin, { slug: 'inputs' });
    expect((await http.patch('/api/forum/inputs/', acme.admin.token, {})).statusCode).toBe(400);
    expect(
      (await http.patch('/api/forum/inputs/', acme.admin.token, { slug: 'A B' })).statusCode,
    ).toBe(400);
    expect(
      (await http.post('/api/forum/inputs/subscription/', acme.admin.token, { subscribed: 'yes' }))
        .statusCode,
    ).toBe(400);
    expect((await http.get('/api/thread/?forum=NOPE', acme.admin.token)).statusCode).toBe(400);
    expect((await http.get('/api/forum/?scope=galaxy', acme.admin.token)).statusCode).toBe(400);
    expect((await http.get('/api/forum/?page=0', acme.admin.token)).statusCode).toBe(400);
    // A course of no one / of another organisation: 404.
    const missing = await http.post('/api/forum/', acme.admin.token, {
      name: 'x',
      scope: 'course',
      scope_id: 999_999,
    });
    expect(missing.statusCode).toBe(404);
  });
});

describe('threads and lists', () => {
  it('/api/discussions/ lists threads with their forum; forum= narrows; /api/thread/ lists only threads', async () => {
    const author = await signedInLearner(t, acme.org.id);
    await forumOf(acme.admin, { slug: 'lists-a' });
    await forumOf(acme.admin, { slug: 'lists-b' });
    const a = await threadIn(author, 'lists-a', { title: 'Zebra thread' });
    const b = await threadIn(author, 'lists-b', { title: 'Zebra thread' });
    const plain = await http.post('/api/discussions/', author.token, {
      type: types.general,
      title: 'Zebra topic',
      body: '<p>x</p>',
    });
    expect(plain.json().forum).toBeNull();
    const ids = (res: { json(): { results: { id: number }[] } }) =>
      res.json().results.map((r) => r.id);
    const all = await http.get('/api/discussions/?search=zebra&filter=mine', author.token);
    expect(ids(all).sort()).toEqual([a.id, b.id, plain.json().id].sort());
    expect(all.json().results.find((r: { id: number }) => r.id === a.id).forum).toEqual({
      slug: 'lists-a',
      name: expect.any(String),
    });
    expect(ids(await http.get('/api/discussions/?forum=lists-a', author.token))).toEqual([a.id]);
    expect(
      ids(await http.get('/api/thread/?search=zebra&filter=mine', author.token)).sort(),
    ).toEqual([a.id, b.id].sort());
    expect(ids(await http.get('/api/thread/?forum=lists-b', author.token))).toEqual([b.id]);
    expect((await http.get('/api/thread/?forum=no-such', author.token)).statusCode).toBe(404);
  });
});

describe(`the ${FORUM_EDIT_WINDOW_MINUTES}-minute edit window`, () => {
  it('the author edits a thread and an answer within it; after it 409 and abilities say no; moderators still may', async () => {
    const author = await signedInLearner(t, acme.org.id);
    await forumOf(acme.admin, { slug: 'window' });
    const thread = await threadIn(author, 'window');
    const answer = (
      await http.post('/api/discussions/answear/', author.token, {
        discussion: thread.id,
        body: '<p>Mine</p>',
      })
    ).json();
    expect(
      (await http.patch(`/api/discussions/${thread.id}/`, author.token, { title: 'Fixed' }))
        .statusCode,
    ).toBe(200);
    expect(
      (
        await http.patch(`/api/discussions/answear/${answer.id}/`, author.token, {
          body: '<p>Fixed</p>',
        })
      ).statusCode,
    ).toBe(200);

    await t.database.db
      .update(discussions)
      .set({ createdAt: ago(31) })
      .where(eq(discussions.id, thread.id));
    await t.database.db
      .update(discussionAnswers)
      .set({ createdAt: ago(31) })
      .where(eq(discussionAnswers.id, answer.id));
    const late = await http.patch(`/api/discussions/${thread.id}/`, author.token, {
      title: 'Late',
    });
    expect(late.statusCode).toBe(409);
    expect(late.json().message).toBe('The 30-minute edit window has passed.');
    const lateAnswer = await http.patch(`/api/discussions/answear/${answer.id}/`, author.token, {
      body: '<p>Late</p>',
    });
    expect(lateAnswer.statusCode).toBe(409);
    expect(
      (await http.get(`/api/discussions/${thread.id}/`, author.token)).json().abilities.edit,
    ).toBe(false);
    const answers = (await http.get(`/api/discussions/${thread.id}/answers/`, author.token)).json();
    expect(answers.results[0].abilities.edit).toBe(false);
    // Closing is not editing: still the author's.
    expect(
      (await http.patch(`/api/discussions/${thread.id}/`, author.token, { closed: true }))
        .statusCode,
    ).toBe(200);

    // An admin's own post: a moderator, so the window does not bind them.
    const own = await threadIn(acme.admin, 'window');
    await t.database.db
      .update(discussions)
      .set({ createdAt: ago(60) })
      .where(eq(discussions.id, own.id));
    expect(
      (await http.patch(`/api/discussions/${own.id}/`, acme.admin.token, { title: 'Still' }))
        .statusCode,
    ).toBe(200);

    // Outside forums nothing changes.
    const plain = (
      await http.post('/api/discussions/', author.token, {
        type: types.general,
        title: 'x',
        body: '<p>x</p>',
      })
    ).json();
    await t.database.db
      .update(discussions)
      .set({ createdAt: ago(600) })
      .where(eq(discussions.id, plain.id));
    expect(
      (await http.patch(`/api/discussions/${plain.id}/`, author.token, { title: 'Ok' })).statusCode,
    ).toBe(200);
  });
});
