import { ROLE, type TImage, type TWallPost } from '@atrium/contract';
import { and, eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { createTestApp, type TestApp } from '../../../test/app.ts';
import {
  makeOrganisationWithStaff,
  type SignedIn,
  type Staff,
  signedIn,
  signedInLearner,
} from '../../../test/auth.ts';
import { PNG } from '../../../test/factories/index.ts';
import { api, call } from '../../../test/http.ts';
import { auditEvents } from '../../schema/audit.table.ts';
import { notifications } from '../../schema/notifications.table.ts';
import {
  wallComments,
  wallHashtags,
  wallMentions,
  wallPosts,
  wallReactions,
} from '../../schema/wall.table.ts';

/*
 * Posts through the API on the real database: who reads and writes (every member, nobody from
 * another organisation), plain text only, the caller's own images, mentions and their
 * notifications, hashtags and the filters, the feed by cursor in a bounded number of queries,
 * edits and deletions (with the audit when an admin deletes another's post).
 */

let t: TestApp;
let http: ReturnType<typeof api>;
let acme: Staff;
let globex: Staff;

beforeAll(async () => {
  t = await createTestApp();
  http = api(t);
  acme = await makeOrganisationWithStaff(t.database.db, t.config, { isDefault: true });
  globex = await makeOrganisationWithStaff(t.database.db, t.config);
});
afterAll(() => t.close());

const FEED = '/api/feed/';
const drain = () => t.app.ctx.jobs.drain();

async function post(who: SignedIn, body: unknown): Promise<TWallPost> {
  const res = await http.post(FEED, who.token, body);
  expect(res.statusCode, res.body).toBe(201);
  return res.json();
}

async function upload(who: SignedIn): Promise<TImage> {
  const res = await call(t.app, 'POST', '/api/images/', {
    token: who.token,
    form: [{ name: 'image', filename: 'a.png', content: PNG, type: 'image/png' }],
  });
  expect(res.statusCode, res.body).toBe(201);
  return res.json();
}

async function feedOf(who: SignedIn, query = '') {
  const res = await http.get(`${FEED}${query}`, who.token);
  expect(res.statusCode, res.body).toBe(200);
  return res.json() as { results: TWallPost[]; next_cursor: string | null };
}

const notificationsOf = (userId: number, type: 'wall_mention' | 'wall_comment') =>
  t.database.db
    .select()
    .from(notifications)
    .where(and(eq(notifications.recipientId, userId), eq(notifications.type, type)));

describe('posting and reading', () => {
  it('lets every member post and read; the answer carries author, abilities and counts', async () => {
    for (const role of ['learner', 'trainer', 'admin', 'superadmin'] as const) {
      const p = await post(acme[role], { body: `Hello from the ${role}` });
      expect(p).toMatchObject({
        kind: 'post',
        body: `Hello from the ${role}`,
        user: { id: acme[role].user.id, username: acme[role].user.username },
        images: [],
        link_preview: null,
        hashtags: [],
        mentions: [],
        achievement: null,
        comment_count: 0,
        comments: [],
        reactions: { total: 0, mine: null, counts: { like: 0, celebrate: 0 } },
        abilities: { edit: true, delete: true, comment: true, react: true },
      });
      const seen = await http.get(`${FEED}${p.id}/`, acme.learner.token);
      expect(seen.statusCode).toBe(200);
      const mine = role === 'learner';
      expect(seen.json().abilities).toEqual({
        edit: mine,
        delete: mine,
        comment: true,
        react: true,
      });
    }
    const adminView = await http.get(
      `${FEED}${(await feedOf(acme.learner)).results[0]!.id}/`,
      acme.admin.token,
    );
    expect(adminView.json().abilities.delete).toBe(true);
  });

  it("hides every post from another organisation (404), and its feed shows none of acme's", async () => {
    const p = await post(acme.learner, { body: 'Only for acme' });
    for (const who of ['learner', 'trainer', 'admin', 'superadmin'] as const) {
      const token = globex[who].token;
      expect((await http.get(`${FEED}${p.id}/`, token)).statusCode).toBe(404);
      expect((await http.patch(`${FEED}${p.id}/`, token, { body: 'x' })).statusCode).toBe(404);
      expect((await http.del(`${FEED}delete/${p.id}/`, token)).statusCode).toBe(404);
      expect((await http.get(`${FEED}${p.id}/comments/`, token)).statusCode).toBe(404);
      expect((await http.post(`${FEED}${p.id}/comments/`, token, { body: 'x' })).statusCode).toBe(
        404,
      );
      expect(
        (await http.post(`${FEED}${p.id}/reaction/`, token, { reaction: 'like' })).statusCode,
      ).toBe(404);
      const theirs = await feedOf(globex[who]);
      expect(theirs.results.map((r) => r.id)).not.toContain(p.id);
    }
    expect((await http.get(FEED, '')).statusCode).toBe(401);
  });

  it('refuses markup, empty posts, unknown fields and bad ids without a 500', async () => {
    const bad: unknown[] = [
      { body: '<b>bold</b>' },
      { body: 'hi <script>alert(1)</script>' },
      { body: '<!-- c -->' },
      {},
      { body: '   ' },
      { body: 'x'.repeat(5_001) },
      { body: 'ok', html: '<p>' },
      { body: 42 },
      { images: ['not-a-uuid'] },
      { images: Array.from({ length: 11 }, () => crypto.randomUUID()) },
      'just a string',
      [],
    ];
    for (const body of bad) {
      const res = await http.post(FEED, acme.learner.token, body);
      // A bare string is not JSON to the server (415); everything else is a §8 400.
      expect([400, 415], JSON.stringify(body)).toContain(res.statusCode);
      expect(res.json().message).toEqual(expect.any(String));
    }
    expect(
      (await http.post(FEED, acme.learner.token, { body: '2 < 3 and a <= b' })).statusCode,
    ).toBe(201);
    for (const url of [`${FEED}abc/`, `${FEED}0/`, `${FEED}99999999999/`, `${FEED}-1/`]) {
      expect([400, 404]).toContain((await http.get(url, acme.learner.token)).statusCode);
    }
    for (const query of ['?cursor=abc', '?cursor=-5', '?limit=0', '?limit=1000', '?user=x']) {
      expect((await http.get(`${FEED}${query}`, acme.learner.token)).statusCode, query).toBe(400);
    }
    const p = await post(acme.learner, { body: 'Fine' });
    expect((await http.patch(`${FEED}${p.id}/`, acme.learner.token, {})).statusCode).toBe(400);
    expect(
      (await http.patch(`${FEED}${p.id}/`, acme.learner.token, { body: '<i>x</i>' })).statusCode,
    ).toBe(400);
    expect(
      (await http.patch(`${FEED}${p.id}/`, acme.learner.token, { body: '', images: [] }))
        .statusCode,
    ).toBe(400);
  });

  it('edits by the author only (403 for others); an achievement is not editable (409)', async () => {
    const p = await post(acme.learner, { body: 'First words' });
    const edited = await http.patch(`${FEED}${p.id}/`, acme.learner.token, {
      body: 'Better words',
    });
    expect(edited.statusCode).toBe(200);
    expect(edited.json()).toMatchObject({ body: 'Better words', edited_at: expect.any(String) });
    expect((await http.patch(`${FEED}${p.id}/`, acme.admin.token, { body: 'x' })).statusCode).toBe(
      403,
    );
    const [achievement] = await t.database.db
      .insert(wallPosts)
      .values({
        organisationId: acme.org.id,
        userId: acme.learner.user.id,
        kind: 'achievement',
        body: 'completed the course “X”',
        achievement: { kind: 'course', title: 'X', link: '/courses/course-detail/1' },
      })
      .returning();
    const res = await http.patch(`${FEED}${achievement!.id}/`, acme.learner.token, { body: 'y' });
    expect(res.statusCode).toBe(409);
    const shown = await http.get(`${FEED}${achievement!.id}/`, acme.learner.token);
    expect(shown.json()).toMatchObject({
      kind: 'achievement',
      achievement: { kind: 'course', title: 'X' },
      abilities: { edit: false, delete: true },
    });
  });
});

describe('images', () => {
  it("shows the caller's own uploads in order with their sizes; anyone else's is a 400 naming it", async () => {
    const a = await upload(acme.learner);
    const b = await upload(acme.learner);
    const p = await post(acme.learner, { images: [b.uuid, a.uuid] });
    expect(p.images).toEqual([
      { uuid: b.uuid, url: b.url, width: 1, height: 1 },
      { uuid: a.uuid, url: a.url, width: 1, height: 1 },
    ]);
    const colleagues = await upload(acme.trainer);
    const foreign = await upload(globex.learner);
    const unknown = crypto.randomUUID();
    const before = await t.database.db.$count(wallPosts);
    for (const uuid of [colleagues.uuid, foreign.uuid, unknown]) {
      const res = await http.post(FEED, acme.learner.token, { body: 'x', images: [a.uuid, uuid] });
      expect(res.statusCode).toBe(400);
      expect(res.json().errors.images).toEqual([expect.stringContaining(uuid)]);
    }
    expect(await t.database.db.$count(wallPosts)).toBe(before);
    // An edit keeps images already there and may reorder or drop them.
    const edited = await http.patch(`${FEED}${p.id}/`, acme.learner.token, { images: [a.uuid] });
    expect(edited.json().images.map((i: TImage) => i.uuid)).toEqual([a.uuid]);
  });
});

describe('mentions and hashtags', () => {
  it('resolves @names of the organisation only, notifies each once, and edits only the new', async () => {
    const ann = await signedIn(t, {
      organisationId: acme.org.id,
      roleId: ROLE.LEARNER,
      username: 'ann_wall',
    });
    const bob = await signedIn(t, {
      organisationId: acme.org.id,
      roleId: ROLE.TRAINER,
      username: 'Bob.Wall',
    });
    const outsider = await signedIn(t, {
      organisationId: globex.org.id,
      roleId: ROLE.LEARNER,
      username: 'out_wall',
    });
    const author = await signedInLearner(t, acme.org.id);
    const p = await post(author, {
      body: 'Thanks @ann_wall and @ANN_WALL, @out_wall, @nobody_here and email a@b.c #Thanks',
    });
    expect(p.mentions.map((m) => m.username)).toEqual(['ann_wall']);
    await drain();
    expect(await notificationsOf(ann.user.id, 'wall_mention')).toHaveLength(1);
    expect(await notificationsOf(outsider.user.id, 'wall_mention')).toHaveLength(0);
    const [n] = await notificationsOf(ann.user.id, 'wall_mention');
    expect(n).toMatchObject({ link: `/socialwall/${p.id}`, subjectKind: 'wall_post' });

    const edited = await http.patch(`${FEED}${p.id}/`, author.token, {
      body: 'Thanks @ann_wall and @bob.wall',
    });
    expect(
      edited
        .json()
        .mentions.map((m: { id: number }) => m.id)
        .sort(),
    ).toEqual([ann.user.id, bob.user.id].sort());
    await drain();
    expect(await notificationsOf(ann.user.id, 'wall_mention')).toHaveLength(1);
    expect(await notificationsOf(bob.user.id, 'wall_mention')).toHaveLength(1);
    // Mentioning oneself tells nobody.
    await post(author, { body: `Note to self @${author.user.username}` });
    await drain();
    expect(await notificationsOf(author.user.id, 'wall_mention')).toHaveLength(0);

    const mentioned = await feedOf(ann, '?mentions_me=true');
    expect(mentioned.results.map((r) => r.id)).toEqual([p.id]);
    expect((await feedOf(outsider, '?mentions_me=1')).results).toEqual([]);
  });

  it('stores hashtags lower-case once each, filters by them and lists the trend', async () => {
    const who = await signedInLearner(t, acme.org.id);
    const a = await post(who, { body: '#Safety first, #safety always #Fire_Drill' });
    const b = await post(who, { body: 'Another #SAFETY note, not a#tag nor &#35;x' });
    expect(a.hashtags).toEqual(['safety', 'fire_drill']);
    expect(b.hashtags).toEqual(['safety']);
    const rows = await t.database.db
      .select()
      .from(wallHashtags)
      .where(eq(wallHashtags.postId, a.id));
    expect(rows.map((r) => r.tag).sort()).toEqual(['fire_drill', 'safety']);
    const filtered = await feedOf(acme.trainer, '?hashtag=%23Safety');
    expect(filtered.results.map((r) => r.id)).toEqual([b.id, a.id]);
    expect((await feedOf(globex.learner, '?hashtag=safety')).results).toEqual([]);
    const trend = (await http.get(`${FEED}hashtags/`, acme.learner.token)).json();
    expect(trend[0]).toEqual({ tag: 'safety', count: 2 });
    expect(trend).toContainEqual({ tag: 'fire_drill', count: 1 });
    expect((await http.get(`${FEED}hashtags/`, globex.learner.token)).json()).toEqual([]);
    const byUser = await feedOf(acme.admin, `?user=${who.user.id}`);
    expect(byUser.results.map((r) => r.id)).toEqual([b.id, a.id]);
  });

  it('suggests members of the organisation to mention', async () => {
    await signedIn(t, { organisationId: acme.org.id, roleId: ROLE.LEARNER, username: 'zed_find' });
    await signedIn(t, {
      organisationId: globex.org.id,
      roleId: ROLE.LEARNER,
      username: 'zed_other',
    });
    const res = await http.get(`${FEED}mentions/?search=%40zed`, acme.learner.token);
    expect(res.statusCode).toBe(200);
    expect(res.json().map((p: { username: string }) => p.username)).toEqual(['zed_find']);
    expect((await http.get(`${FEED}mentions/?search=`, acme.learner.token)).statusCode).toBe(400);
    expect((await http.get(`${FEED}mentions/?search=%25_%5C`, acme.learner.token)).statusCode).toBe(
      200,
    );
  });
});

describe('the feed', () => {
  it('pages newest first by cursor in a bounded number of queries, whatever the page holds', async () => {
    const org = await makeOrganisationWithStaff(t.database.db, t.config);
    const db = t.database.db;
    const people = [org.learner, org.trainer, org.admin];
    const posts = await db
      .insert(wallPosts)
      .values(
        Array.from({ length: 120 }, (_, i) => ({
          organisationId: org.org.id,
          userId: people[i % 3]!.user.id,
          body: `Post ${i} #tag${i % 4} @${people[(i + 1) % 3]!.user.username}`,
        })),
      )
      .returning({ id: wallPosts.id, userId: wallPosts.userId });
    await db.insert(wallMentions).values(
      posts.map((p, i) => ({
        postId: p.id,
        commentId: null,
        userId: people[(i + 1) % 3]!.user.id,
      })),
    );
    const comments = await db
      .insert(wallComments)
      .values(
        posts.flatMap((p) =>
          people
            .concat(people)
            .map((who) => ({ postId: p.id, userId: who.user.id, body: `Re ${p.id}` })),
        ),
      )
      .returning({ id: wallComments.id, postId: wallComments.postId });
    await db
      .insert(wallMentions)
      .values(
        comments.map((c) => ({ postId: c.postId, commentId: c.id, userId: org.admin.user.id })),
      );
    await db.insert(wallReactions).values(
      posts.flatMap((p) => [
        { postId: p.id, userId: org.learner.user.id, kind: 'like' },
        { postId: p.id, userId: org.trainer.user.id, kind: 'love' },
        { postId: p.id, userId: org.admin.user.id, kind: 'like' },
      ]),
    );

    const client = (db as unknown as { $client: { query: (...a: unknown[]) => unknown } }).$client;
    const spy = vi.spyOn(client, 'query');
    const first = await feedOf(org.learner, '?limit=50');
    const queries = spy.mock.calls.length;
    spy.mockRestore();
    // The token, the page, reactions, comments, mentions: not one per post.
    expect(queries).toBeLessThan(10);
    expect(first.results).toHaveLength(50);
    expect(first.results.map((r) => r.id)).toEqual(
      [...posts]
        .reverse()
        .slice(0, 50)
        .map((p) => p.id),
    );
    const top = first.results[0]!;
    expect(top.reactions).toMatchObject({ total: 3, mine: 'like', counts: { like: 2, love: 1 } });
    expect(top.comment_count).toBe(6);
    expect(top.comments).toHaveLength(3);
    expect(top.comments[0]!.id).toBeLessThan(top.comments[2]!.id);
    expect(top.comments[2]!.mentions.map((m) => m.id)).toEqual([org.admin.user.id]);
    expect(top.mentions).toHaveLength(1);

    const all: number[] = first.results.map((r) => r.id);
    let cursor = first.next_cursor;
    while (cursor) {
      const page = await feedOf(org.learner, `?limit=50&cursor=${cursor}`);
      all.push(...page.results.map((r) => r.id));
      cursor = page.next_cursor;
    }
    expect(all).toEqual([...posts].reverse().map((p) => p.id));
  });
});

describe('deleting', () => {
  it('by its author, or an admin (audited); with its comments, reactions, mentions and hashtags', async () => {
    const author = await signedInLearner(t, acme.org.id);
    const p = await post(author, { body: `#gone @${acme.trainer.user.username}` });
    await http.post(`${FEED}${p.id}/comments/`, acme.trainer.token, { body: 'Nice' });
    await http.post(`${FEED}${p.id}/reaction/`, acme.trainer.token, { reaction: 'like' });
    expect((await http.del(`${FEED}delete/${p.id}/`, acme.trainer.token)).statusCode).toBe(403);
    expect((await http.del(`${FEED}delete/${p.id}/`, acme.admin.token)).statusCode).toBe(204);
    expect((await http.get(`${FEED}${p.id}/`, author.token)).statusCode).toBe(404);
    for (const table of [wallComments, wallReactions, wallMentions, wallHashtags]) {
      expect(await t.database.db.$count(table, eq(table.postId, p.id))).toBe(0);
    }
    const audit = await t.database.db
      .select()
      .from(auditEvents)
      .where(eq(auditEvents.action, 'wall.post_deleted'));
    expect(audit).toContainEqual(
      expect.objectContaining({
        actorId: acme.admin.user.id,
        targetUserId: author.user.id,
        organisationId: acme.org.id,
      }),
    );
    const own = await post(author, { body: 'mine' });
    expect((await http.del(`${FEED}delete/${own.id}/`, author.token)).statusCode).toBe(204);
    const audits = await t.database.db.$count(
      auditEvents,
      sql`${auditEvents.action} = 'wall.post_deleted'`,
    );
    expect(audits).toBe(audit.length);
  });
});

describe('settings', () => {
  it('keeps share_achievements per person, off by default', async () => {
    const who = await signedInLearner(t, acme.org.id);
    expect((await http.get(`${FEED}settings/`, who.token)).json()).toEqual({
      share_achievements: false,
    });
    const res = await http.patch(`${FEED}settings/`, who.token, { share_achievements: true });
    expect(res.json()).toEqual({ share_achievements: true });
    expect((await http.get(`${FEED}settings/`, who.token)).json()).toEqual({
      share_achievements: true,
    });
    expect((await http.patch(`${FEED}settings/`, who.token, { share: 1 })).statusCode).toBe(400);
  });
});
