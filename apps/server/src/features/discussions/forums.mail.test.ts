import { ROLE, type TNotificationType } from '@atrium/contract';
import { and, eq, inArray } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../../../test/app.ts';
import {
  enrolledLearner,
  makeOrganisationWithStaff,
  type SignedIn,
  type Staff,
  signedIn,
  signedInLearner,
} from '../../../test/auth.ts';
import { discussionTypesOf, makeCourse } from '../../../test/factories/index.ts';
import { api, call } from '../../../test/http.ts';
import { enqueue } from '../../core/jobs/queue.ts';
import { discussions } from '../../schema/discussions.table.ts';
import { courseEnrolments } from '../../schema/enrolments.table.ts';
import { notifications } from '../../schema/notifications.table.ts';
import { releaseDuePosts } from './forums.jobs.ts';

/*
 * Forum posts are told once their 30-minute edit window has passed (the minute job raises
 * forum.post_ready, the subscriber fans it out): to the forum's effective subscribers and, for an
 * answer, the thread's followers; each at their forum_post frequency.
 */

let t: TestApp;
let http: ReturnType<typeof api>;
let org: Staff;
let general: number;
const drain = () => t.app.ctx.jobs.drain();
const later = (minutes: number) => new Date(Date.now() + minutes * 60_000);

beforeAll(async () => {
  t = await createTestApp();
  http = api(t);
  org = await makeOrganisationWithStaff(t.database.db, t.config);
  general = (await discussionTypesOf(t.database.db, org.org.id)).general;
});
afterAll(() => t?.close());

/** Clears what earlier tests left due, so each test sees only its own posts. */
async function settle() {
  await releaseDuePosts(t.app.ctx, later(24 * 60));
  await drain();
}

let n = 0;
async function forum(body: Record<string, unknown>, who: SignedIn = org.admin) {
  const res = await http.post('/api/forum/', who.token, { name: `Forum ${++n}`, ...body });
  expect(res.statusCode, res.body).toBe(201);
  return res.json() as { slug: string };
}

async function thread(who: SignedIn, slug: string, title = `Thread ${++n}`) {
  const res = await http.post('/api/discussions/', who.token, {
    type: general,
    title,
    body: '<p>Hello</p>',
    forum: slug,
  });
  expect(res.statusCode, res.body).toBe(201);
  return res.json() as { id: number };
}

async function answer(who: SignedIn, discussion: number) {
  const res = await http.post('/api/discussions/answear/', who.token, {
    discussion,
    body: '<p>An answer</p>',
  });
  expect(res.statusCode, res.body).toBe(201);
  return res.json() as { id: number };
}

/** Who holds a notification of this type about this topic. */
async function told(type: TNotificationType, topic: number) {
  const rows = await t.database.db
    .select({ recipientId: notifications.recipientId, email: notifications.emailFrequency })
    .from(notifications)
    .where(and(eq(notifications.type, type), eq(notifications.subjectId, topic)));
  return rows;
}
const ids = (rows: { recipientId: number }[]) =>
  rows.map((r) => r.recipientId).sort((a, b) => a - b);
const sorted = (...xs: number[]) => [...xs].sort((a, b) => a - b);

describe('forum_post mailing', () => {
  it('tells an auto forum’s members after the edit window, never before, nor its author', async () => {
    await settle();
    const { slug } = await forum({ subscription_mode: 'auto' });
    const left = await signedInLearner(t, org.org.id);
    await http.post(`/api/forum/${slug}/subscription/`, left.token, { subscribed: false });
    const post = await thread(org.learner, slug);

    expect(await releaseDuePosts(t.app.ctx)).toBe(0);
    expect(await releaseDuePosts(t.app.ctx, later(29))).toBe(0);
    await drain();
    expect(await told('forum_post', post.id)).toEqual([]);

    expect(await releaseDuePosts(t.app.ctx, later(31))).toBe(1);
    await drain();
    const rows = await told('forum_post', post.id);
    // Every member but its author and the one who left.
    expect(ids(rows)).toEqual(
      sorted(org.superadmin.user.id, org.admin.user.id, org.trainer.user.id),
    );
    expect(rows.every((r) => r.email === 'immediately')).toBe(true);
    // Claimed once: a second run raises nothing.
    expect(await releaseDuePosts(t.app.ctx, later(60))).toBe(0);
  });

  it('the recurring job releases posts whose time has come', async () => {
    await settle();
    const { slug } = await forum({ subscription_mode: 'forced' });
    const post = await thread(org.trainer, slug);
    await enqueue(t.database.db, 'forums.mail_due', [{}]);
    await drain();
    expect(await told('forum_post', post.id)).toEqual([]);
    // As if 30 minutes had passed: its time is due now.
    await t.database.db
      .update(discussions)
      .set({ mailDueAt: new Date(Date.now() - 60_000) })
      .where(eq(discussions.id, post.id));
    await enqueue(t.database.db, 'forums.mail_due', [{}]);
    await drain();
    expect(ids(await told('forum_post', post.id))).toContain(org.learner.user.id);
  });

  it('an optional forum tells only who joined; an answer also tells the thread’s followers, with no immediate discussion_answer', async () => {
    await settle();
    const { slug } = await forum({ subscription_mode: 'optional' });
    const joined = await signedInLearner(t, org.org.id);
    await http.post(`/api/forum/${slug}/subscription/`, joined.token, { subscribed: true });
    const author = await signedInLearner(t, org.org.id);
    const post = await thread(author, slug);
    await settle();
    expect(ids(await told('forum_post', post.id))).toEqual([joined.user.id]);

    const replier = await signedInLearner(t, org.org.id);
    await answer(replier, post.id);
    await drain();
    // The forum mail replaces it: no discussion_answer for the author who follows the thread.
    expect(await told('discussion_answer', post.id)).toEqual([]);
    await t.database.db.delete(notifications).where(eq(notifications.subjectId, post.id));
    await settle();
    expect(ids(await told('forum_post', post.id))).toEqual(sorted(joined.user.id, author.user.id));
  });

  it('an off forum tells nobody of a thread; followers still hear of answers', async () => {
    await settle();
    const { slug } = await forum({ subscription_mode: 'off' });
    const post = await thread(org.learner, slug);
    await settle();
    expect(await told('forum_post', post.id)).toEqual([]);
    await answer(org.trainer, post.id);
    await settle();
    expect(ids(await told('forum_post', post.id))).toEqual([org.learner.user.id]);
  });

  it('a post deleted within its window is never mailed', async () => {
    await settle();
    const { slug } = await forum({ subscription_mode: 'forced' });
    const post = await thread(org.learner, slug);
    expect((await http.del(`/api/discussions/${post.id}/`, org.learner.token)).statusCode).toBe(
      204,
    );
    const other = await thread(org.learner, slug);
    const reply = await answer(org.learner, other.id);
    expect(
      (await http.del(`/api/discussions/answear/${reply.id}/`, org.learner.token)).statusCode,
    ).toBe(204);
    expect(await releaseDuePosts(t.app.ctx, later(31))).toBe(1);
    await drain();
    expect(await told('forum_post', post.id)).toEqual([]);
  });

  it('a course forum tells only who may still read it, at each person’s frequency', async () => {
    await settle();
    const course = await makeCourse(t.database.db, {
      organisationId: org.org.id,
      createdBy: org.trainer.user.id,
    });
    const daily = await enrolledLearner(t, course);
    const quiet = await enrolledLearner(t, course);
    const gone = await enrolledLearner(t, course);
    await signedIn(t, { organisationId: org.org.id, roleId: ROLE.LEARNER }); // not enrolled
    const { slug } = await forum({
      scope: 'course',
      scope_id: course.id,
      subscription_mode: 'auto',
    });
    const prefs = (who: SignedIn, channel: string, frequency: string) =>
      call(t.app, 'PUT', '/api/notify/preferences/', {
        token: who.token,
        body: { preferences: [{ type: 'forum_post', channel, frequency }] },
      });
    expect((await prefs(daily, 'email', 'daily')).statusCode).toBe(200);
    await prefs(quiet, 'email', 'off');
    await prefs(quiet, 'in_app', 'off');
    const post = await thread(org.trainer, slug);
    // Unenrolled before the window ends: no longer a reader.
    await t.database.db
      .delete(courseEnrolments)
      .where(inArray(courseEnrolments.userId, [gone.user.id]));
    await settle();
    const rows = await told('forum_post', post.id);
    expect(ids(rows)).toEqual(sorted(org.superadmin.user.id, org.admin.user.id, daily.user.id));
    expect(rows.find((r) => r.recipientId === daily.user.id)!.email).toBe('daily');
  });
});
