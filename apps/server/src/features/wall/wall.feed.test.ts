import { ROLE } from '@atrium/contract';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import type { TestApp } from '../../../test/app.ts';
import {
  makeOrganisationWithStaff,
  type SignedIn,
  type Staff,
  signedIn,
  signedInLearner,
} from '../../../test/auth.ts';
import {
  FEED,
  feedAs,
  notificationsOf as noticesOf,
  postAs,
  startWallApp,
  type WallBed,
} from '../../../test/wall-bed.ts';
import {
  wallComments,
  wallHashtags,
  wallMentions,
  wallPosts,
  wallReactions,
} from '../../schema/wall.table.ts';

/*
 * The wall's reading side through the API: @mentions (the organisation's people only, each told
 * once, edits telling only the new), hashtags and their filters and trend, mention suggestions,
 * and the feed paged by cursor in a bounded number of queries.
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

const drain = () => t.app.ctx.jobs.drain();
const post = (who: SignedIn, body: unknown) => postAs(bed, who, body);
const feedOf = (who: SignedIn, query = '') => feedAs(bed, who, query);
const notificationsOf = (userId: number, type: 'wall_mention' | 'wall_comment') =>
  noticesOf(bed, userId, type);

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
