import type { TImage } from '@atrium/contract';
import { eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { TestApp } from '../../../test/app.ts';
import { type SignedIn, type Staff, signedInLearner } from '../../../test/auth.ts';
import {
  FEED,
  feedAs,
  postAs,
  startWallApp,
  uploadAs,
  type WallBed,
} from '../../../test/wall-bed.ts';
import { auditEvents } from '../../schema/audit.table.ts';
import {
  wallComments,
  wallHashtags,
  wallMentions,
  wallPosts,
  wallReactions,
} from '../../schema/wall.table.ts';

/*
 * Posts through the API on the real database: who reads and writes (every member, nobody from
 * another organisation), plain text only, the caller's own images, edits and deletions (with the
 * audit when an admin deletes another's post). Mentions, hashtags and the feed's paging:
 * wall.feed.test.ts.
 */

let bed: WallBed;
let t: TestApp;
let http: WallBed['http'];
let acme: Staff;
let globex: Staff;

beforeAll(async () => {
  bed = await startWallApp();
  ({ t, http, acme, globex } = bed);
});
afterAll(() => t.close());

const _drain = () => t.app.ctx.jobs.drain();
const post = (who: SignedIn, body: unknown) => postAs(bed, who, body);
const feedOf = (who: SignedIn, query = '') => feedAs(bed, who, query);
const upload = (who: SignedIn) => uploadAs(bed, who);

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
