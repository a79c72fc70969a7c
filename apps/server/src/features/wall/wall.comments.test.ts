import type { TWallComment, TWallPost } from '@atrium/contract';
import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../../../test/app.ts';
import {
  makeOrganisationWithStaff,
  type SignedIn,
  type Staff,
  signedInLearner,
} from '../../../test/auth.ts';
import { makeCourse } from '../../../test/factories/index.ts';
import { api } from '../../../test/http.ts';
import { runInTransaction } from '../../core/db/transaction.ts';
import { auditEvents } from '../../schema/audit.table.ts';
import { notifications } from '../../schema/notifications.table.ts';
import { wallPosts } from '../../schema/wall.table.ts';

/*
 * Comments (flat, oldest first by cursor; who edits and deletes; the post author's notification),
 * reactions (one per person, changeable, counted per kind) and achievement posts (only for people
 * who allow them, once per course).
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

async function post(who: SignedIn, body: string): Promise<TWallPost> {
  const res = await http.post(FEED, who.token, { body });
  expect(res.statusCode, res.body).toBe(201);
  return res.json();
}

async function comment(who: SignedIn, postId: number, body: string): Promise<TWallComment> {
  const res = await http.post(`${FEED}${postId}/comments/`, who.token, { body });
  expect(res.statusCode, res.body).toBe(201);
  return res.json();
}

const commentNotices = (userId: number) =>
  t.database.db
    .select()
    .from(notifications)
    .where(and(eq(notifications.recipientId, userId), eq(notifications.type, 'wall_comment')));

describe('comments', () => {
  it('pages oldest first by cursor; the post shows the newest three and the count', async () => {
    const author = await signedInLearner(t, acme.org.id);
    const p = await post(author, 'Comment on this');
    const made: number[] = [];
    for (let i = 0; i < 7; i++) made.push((await comment(acme.trainer, p.id, `Reply ${i}`)).id);
    const first = await http.get(`${FEED}${p.id}/comments/?limit=3`, author.token);
    expect(first.statusCode).toBe(200);
    const page = first.json();
    expect(page.results.map((c: TWallComment) => c.id)).toEqual(made.slice(0, 3));
    const rest = await http.get(
      `${FEED}${p.id}/comments/?limit=10&cursor=${page.next_cursor}`,
      author.token,
    );
    expect(rest.json()).toEqual({
      results: expect.any(Array),
      next_cursor: null,
    });
    expect(rest.json().results.map((c: TWallComment) => c.id)).toEqual(made.slice(3));
    const shown = (await http.get(`${FEED}${p.id}/`, author.token)).json() as TWallPost;
    expect(shown.comment_count).toBe(7);
    expect(shown.comments.map((c) => c.id)).toEqual(made.slice(4));
    expect(shown.comments[0]!.abilities).toEqual({ edit: false, delete: true });
    expect((await http.get(`${FEED}${p.id}/comments/?cursor=zz`, author.token)).statusCode).toBe(
      400,
    );
  });

  it("tells the post's author of a comment (not of their own, not twice when mentioned)", async () => {
    const author = await signedInLearner(t, acme.org.id);
    const p = await post(author, 'Tell me');
    await comment(acme.trainer, p.id, 'A comment');
    await comment(author, p.id, 'My own');
    await comment(acme.admin, p.id, `Hey @${author.user.username}`);
    await drain();
    const notes = await commentNotices(author.user.id);
    expect(notes).toHaveLength(1);
    expect(notes[0]).toMatchObject({
      actorId: acme.trainer.user.id,
      link: `/socialwall/${p.id}`,
      subjectKind: 'wall_post',
      subjectTitle: 'Tell me',
    });
    const mentions = await t.database.db
      .select()
      .from(notifications)
      .where(
        and(eq(notifications.recipientId, author.user.id), eq(notifications.type, 'wall_mention')),
      );
    expect(mentions).toHaveLength(1);
  });

  it('edits by its author; deletes by its author, the post’s author or an admin (audited)', async () => {
    const author = await signedInLearner(t, acme.org.id);
    const other = await signedInLearner(t, acme.org.id);
    const p = await post(author, 'Thread');
    const c1 = await comment(other, p.id, 'First');
    const url = (c: { id: number }) => `${FEED}comments/${c.id}/`;
    expect((await http.patch(url(c1), author.token, { body: 'x' })).statusCode).toBe(403);
    expect((await http.patch(url(c1), other.token, { body: '<b>x</b>' })).statusCode).toBe(400);
    expect((await http.patch(url(c1), other.token, { body: '' })).statusCode).toBe(400);
    const edited = await http.patch(url(c1), other.token, { body: 'First, edited' });
    expect(edited.json()).toMatchObject({ body: 'First, edited', edited_at: expect.any(String) });
    expect((await http.patch(url(c1), globex.admin.token, { body: 'x' })).statusCode).toBe(404);
    expect((await http.del(url(c1), globex.admin.token)).statusCode).toBe(404);

    const c2 = await comment(other, p.id, 'Second');
    const c3 = await comment(other, p.id, 'Third');
    expect((await http.del(url(c1), acme.trainer.token)).statusCode).toBe(403);
    expect((await http.del(url(c1), other.token)).statusCode).toBe(204);
    expect((await http.del(url(c2), author.token)).statusCode).toBe(204);
    expect((await http.del(url(c3), acme.admin.token)).statusCode).toBe(204);
    expect((await http.del(url(c3), acme.admin.token)).statusCode).toBe(404);
    const audit = await t.database.db
      .select()
      .from(auditEvents)
      .where(eq(auditEvents.action, 'wall.comment_deleted'));
    expect(audit.map((a) => [a.actorId, a.targetUserId])).toEqual([
      [acme.admin.user.id, other.user.id],
    ]);
    expect(
      (await http.post(`${FEED}${p.id}/comments/`, other.token, { body: ' ' })).statusCode,
    ).toBe(400);
    expect(
      (await http.post(`${FEED}999999/comments/`, other.token, { body: 'x' })).statusCode,
    ).toBe(404);
  });
});

describe('reactions', () => {
  it('one per person, changeable and cleared; counts per kind', async () => {
    const p = await post(acme.learner, 'React to me');
    const react = (who: SignedIn, reaction: string | null) =>
      http.post(`${FEED}${p.id}/reaction/`, who.token, { reaction });
    expect((await react(acme.learner, 'like')).json()).toMatchObject({
      total: 1,
      mine: 'like',
      counts: { like: 1, love: 0 },
    });
    await react(acme.trainer, 'love');
    const changed = (await react(acme.learner, 'celebrate')).json();
    expect(changed).toEqual({
      total: 2,
      mine: 'celebrate',
      counts: { like: 0, celebrate: 1, love: 1, insightful: 0, curious: 0 },
    });
    expect((await react(acme.learner, null)).json()).toMatchObject({ total: 1, mine: null });
    expect((await react(acme.learner, null)).json()).toMatchObject({ total: 1, mine: null });
    expect((await react(acme.learner, 'angry')).statusCode).toBe(400);
    expect((await http.post(`${FEED}${p.id}/reaction/`, acme.learner.token, {})).statusCode).toBe(
      400,
    );
    const seen = (await http.get(`${FEED}${p.id}/`, acme.trainer.token)).json();
    expect(seen.reactions).toMatchObject({ total: 1, mine: 'love' });
  });
});

describe('achievement posts', () => {
  async function complete(userId: number, course: { id: number; organisationId: number }) {
    await runInTransaction(t.database.db, t.app.ctx.bus, async ({ emit }) => {
      emit('course.completed', {
        enrolmentId: 1,
        courseId: course.id,
        userId,
        organisationId: course.organisationId,
        completedAt: new Date().toISOString(),
      });
    });
    await drain();
  }
  const achievementsOf = (userId: number) =>
    t.database.db
      .select()
      .from(wallPosts)
      .where(and(eq(wallPosts.userId, userId), eq(wallPosts.kind, 'achievement')));

  it('posts a completion for people who allow it, once per course', async () => {
    const course = await makeCourse(t.database.db, {
      organisationId: acme.org.id,
      title: 'Fire Safety',
    });
    const quiet = await signedInLearner(t, acme.org.id);
    await complete(quiet.user.id, course);
    expect(await achievementsOf(quiet.user.id)).toEqual([]);

    const proud = await signedInLearner(t, acme.org.id);
    await http.patch(`${FEED}settings/`, proud.token, { share_achievements: true });
    await complete(proud.user.id, course);
    await complete(proud.user.id, course);
    const posts = await achievementsOf(proud.user.id);
    expect(posts).toHaveLength(1);
    const shown = (await http.get(`${FEED}${posts[0]!.id}/`, acme.trainer.token)).json();
    expect(shown).toMatchObject({
      kind: 'achievement',
      body: 'completed the course “Fire Safety”',
      achievement: {
        kind: 'course',
        title: 'Fire Safety',
        link: `/courses/course-detail/${course.id}`,
      },
      user: { id: proud.user.id },
      abilities: { edit: false, delete: false, comment: true, react: true },
    });
  });
});
