import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { createTestApp, type TestApp } from '../../../test/app.ts';
import {
  enrolledLearner,
  makeOrganisationWithStaff,
  type SignedIn,
  type Staff,
  signedInLearner,
} from '../../../test/auth.ts';
import { makeCourse, makeDiscussion } from '../../../test/factories/index.ts';
import { api } from '../../../test/http.ts';
import { discussions, discussionViews } from '../../schema/discussions.table.ts';
import { courseEnrolments } from '../../schema/enrolments.table.ts';
import { notifications } from '../../schema/notifications.table.ts';
import { viewDay } from './discussions.reactions.ts';

/* Likes and dislikes, views once a day, following and what it brings: notifications, live hints. */

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

const topicOf = (who: SignedIn) =>
  makeDiscussion(t.database.db, { organisationId: acme.org.id, userId: who.user.id });
const react = (who: SignedIn, target: Record<string, number>, value: number) =>
  http.post('/api/discussions/like-dislike/', who.token, { ...target, value });
const view = (who: SignedIn, discussion: number) =>
  http.post('/api/discussions/views/', who.token, { discussion });
const answer = (who: SignedIn, discussion: number) =>
  http.post('/api/discussions/answear/', who.token, { discussion, body: '<p>An answer</p>' });

const received = (who: SignedIn, type: 'discussion_answer' | 'discussion_answer_accepted') =>
  t.database.db
    .select()
    .from(notifications)
    .where(and(eq(notifications.recipientId, who.user.id), eq(notifications.type, type)));

describe('reactions', () => {
  it('once per person, changeable, 0 clears; counts on the topic and the answer', async () => {
    const [a, b] = [await signedInLearner(t, acme.org.id), await signedInLearner(t, acme.org.id)];
    const topic = await topicOf(acme.trainer);
    const on = { discussion: topic.id };
    expect((await react(a, on, 1)).json()).toEqual({ likes: 1, dislikes: 0, my_reaction: 1 });
    expect((await react(a, on, 1)).json()).toEqual({ likes: 1, dislikes: 0, my_reaction: 1 });
    expect((await react(b, on, -1)).json()).toEqual({ likes: 1, dislikes: 1, my_reaction: -1 });
    expect((await react(a, on, -1)).json()).toEqual({ likes: 0, dislikes: 2, my_reaction: -1 });
    expect((await react(a, on, 0)).json()).toEqual({ likes: 0, dislikes: 1, my_reaction: 0 });
    expect((await react(a, on, 2)).statusCode).toBe(400);
    expect(
      (await http.post('/api/discussions/like-dislike/', a.token, { value: 1 })).statusCode,
    ).toBe(400);
    expect((await react(globex.admin, on, 1)).statusCode).toBe(404);
    const detail = (await http.get(`/api/discussions/${topic.id}/`, b.token)).json();
    expect(detail).toMatchObject({ likes: 0, dislikes: 1, my_reaction: -1 });

    const ans = (await answer(acme.trainer, topic.id)).json();
    expect((await react(a, { answer: ans.id }, 1)).json()).toEqual({
      likes: 1,
      dislikes: 0,
      my_reaction: 1,
    });
    expect((await react(b, { answer: ans.id }, 1)).json()).toEqual({
      likes: 2,
      dislikes: 0,
      my_reaction: 1,
    });
    const page = (await http.get(`/api/discussions/${topic.id}/answers/`, a.token)).json();
    expect(page.results[0]).toMatchObject({ likes: 2, my_reaction: 1 });
  });
});

describe('views', () => {
  it('count a person once a day', async () => {
    const [a, b] = [await signedInLearner(t, acme.org.id), await signedInLearner(t, acme.org.id)];
    const topic = await topicOf(acme.trainer);
    expect((await view(a, topic.id)).json()).toEqual({ view_count: 1 });
    expect((await view(a, topic.id)).json()).toEqual({ view_count: 1 });
    expect((await view(b, topic.id)).json()).toEqual({ view_count: 2 });
    expect((await view(globex.learner, topic.id)).statusCode).toBe(404);

    // Yesterday's view (the app has no clock of its own to move): today counts again, once.
    const c = await signedInLearner(t, acme.org.id);
    const yesterday = new Date(Date.now() - 86_400_000);
    await t.database.db.insert(discussionViews).values({
      discussionId: topic.id,
      userId: c.user.id,
      day: viewDay(yesterday),
      lastSeenAt: yesterday,
    });
    expect((await view(c, topic.id)).json()).toEqual({ view_count: 3 });
    expect((await view(c, topic.id)).json()).toEqual({ view_count: 3 });
    const rows = await t.database.db
      .select()
      .from(discussionViews)
      .where(
        and(eq(discussionViews.discussionId, topic.id), eq(discussionViews.userId, c.user.id)),
      );
    expect(rows.map((r) => r.day).sort()).toEqual([viewDay(yesterday), viewDay(new Date())]);
  });
});

describe('following', () => {
  it('the author and those who answer follow; new answers notify the followers but the answerer', async () => {
    const author = await signedInLearner(t, acme.org.id);
    const [follower, answerer, quiet] = [
      await signedInLearner(t, acme.org.id),
      await signedInLearner(t, acme.org.id),
      await signedInLearner(t, acme.org.id),
    ];
    const topic = (
      await http.post('/api/discussions/', author.token, {
        type: (await http.get('/api/discussions/discussion_type/', author.token)).json()[0].id,
        title: 'Who has the key?',
        body: '<p>The store room is locked.</p>',
      })
    ).json();
    const follow = await http.post(`/api/discussions/${topic.id}/follow/`, follower.token, {
      following: true,
    });
    expect(follow.json()).toEqual({ following: true });
    await http.post(`/api/discussions/${topic.id}/follow/`, quiet.token, { following: true });
    await http.post(`/api/discussions/${topic.id}/follow/`, quiet.token, { following: false });
    expect(
      (
        await http.post(`/api/discussions/${topic.id}/follow/`, globex.admin.token, {
          following: true,
        })
      ).statusCode,
    ).toBe(404);

    const publish = vi.spyOn(t.app.ctx.realtime, 'publish');
    await view(quiet, topic.id);
    expect((await answer(answerer, topic.id)).statusCode).toBe(201);
    // Followers and whoever just had it open hear of it after the commit.
    const hint = publish.mock.calls.find(([, m]) => m.type === 'discussion.updated');
    expect(hint?.[1]).toEqual({ type: 'discussion.updated', data: { discussion: topic.id } });
    expect([...hint![0]].sort()).toEqual(
      [author.user.id, follower.user.id, answerer.user.id, quiet.user.id].sort(),
    );
    publish.mockRestore();

    expect(await received(author, 'discussion_answer')).toEqual([]);
    await t.app.ctx.jobs.drain();
    for (const who of [author, follower]) {
      const [n] = await received(who, 'discussion_answer');
      expect(n).toMatchObject({
        link: `/discussions/${topic.id}`,
        subjectKind: 'discussion',
        subjectId: topic.id,
        actorId: answerer.user.id,
        inApp: true,
        emailFrequency: 'daily',
      });
    }
    expect(await received(answerer, 'discussion_answer')).toEqual([]);
    expect(await received(quiet, 'discussion_answer')).toEqual([]);
    const listed = await http.get('/api/notify/?type=discussion_answer', follower.token);
    expect(listed.json().results[0]).toMatchObject({ link: `/discussions/${topic.id}` });
  });

  it('a follower who can no longer read the topic is not told', async () => {
    const course = await makeCourse(t.database.db, {
      organisationId: acme.org.id,
      createdBy: acme.trainer.user.id,
    });
    const [left, stays] = [await enrolledLearner(t, course), await enrolledLearner(t, course)];
    const topic = await makeDiscussion(t.database.db, {
      organisationId: acme.org.id,
      userId: stays.user.id,
      scope: 'course',
      courseId: course.id,
    });
    await http.post(`/api/discussions/${topic.id}/follow/`, left.token, { following: true });
    await t.database.db
      .delete(courseEnrolments)
      .where(
        and(eq(courseEnrolments.courseId, course.id), eq(courseEnrolments.userId, left.user.id)),
      );
    await answer(acme.trainer, topic.id);
    await t.app.ctx.jobs.drain();
    expect(await received(stays, 'discussion_answer')).toHaveLength(1);
    expect(await received(left, 'discussion_answer')).toEqual([]);
  });

  it('an accepted answer tells its author at once, unless they accepted it themselves', async () => {
    const author = await signedInLearner(t, acme.org.id);
    const helper = await signedInLearner(t, acme.org.id);
    const topic = await topicOf(author);
    const theirs = (await answer(helper, topic.id)).json();
    const own = (await answer(author, topic.id)).json();
    await http.post(`/api/discussions/${topic.id}/accept/`, author.token, { answer: own.id });
    await http.post(`/api/discussions/${topic.id}/accept/`, author.token, { answer: theirs.id });
    await t.app.ctx.jobs.drain();
    const [n] = await received(helper, 'discussion_answer_accepted');
    expect(n).toMatchObject({
      actorId: author.user.id,
      emailFrequency: 'immediately',
      subjectId: topic.id,
    });
    expect(await received(author, 'discussion_answer_accepted')).toEqual([]);
    const [row] = await t.database.db
      .select()
      .from(discussions)
      .where(eq(discussions.id, topic.id));
    expect(row!.acceptedAnswerId).toBe(theirs.id);
  });
});
