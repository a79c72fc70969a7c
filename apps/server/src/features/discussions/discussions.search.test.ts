import { ZDiscussionCreate } from '@atrium/contract';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  discussionTypesOf,
  enrol,
  makeAdmin,
  makeCourse,
  makeDiscussion,
  makeDiscussionAnswers,
  makeLearner,
  makeOrganisation,
  makeTrainer,
} from '../../../test/factories/index.ts';
import { authFor, createServiceContext, type ServiceTest } from '../../../test/service-context.ts';
import { runInTransaction } from '../../core/db/transaction.ts';
import { discussionAnswers, discussions } from '../../schema/discussions.table.ts';
import { createAnswer, removeAnswer, updateAnswer } from './discussions.answers.ts';
import { discussionModerationTargets } from './discussions.moderation.ts';
import { discussionSearch } from './discussions.search.ts';
import { createTopic, removeTopic, updateTopic } from './discussions.topics.ts';

/*
 * Discussions in global search: a topic's document holds its text and its visible answers'
 * (never a held one's), read in one bounded query for a batch; `visible` is the topic page's
 * rule (a course's topics to its members and managers, held topics to their author and admins,
 * nothing of another organisation); every write and moderation decision tells the index.
 */
let s: ServiceTest;
beforeAll(async () => {
  s = await createServiceContext();
});
afterAll(() => s.close());

const sorted = (...xs: { id: number }[]) => xs.map((x) => x.id).sort((a, b) => a - b);

describe('discussion search provider', () => {
  it("indexes a topic with its visible answers' text, not held ones", async () => {
    const db = s.ctx.db;
    const org = await makeOrganisation(db);
    const author = await makeLearner(db, { organisationId: org.id });
    const topic = await makeDiscussion(db, {
      organisationId: org.id,
      userId: author.id,
      title: 'Parking',
      body: 'Where do visitors park?',
    });
    const [first] = await makeDiscussionAnswers(db, topic.id, [
      { userId: author.id, text: 'Behind block C' },
      { userId: author.id, text: 'Withheld words' },
    ]);
    await makeDiscussionAnswers(db, topic.id, [
      { userId: author.id, parentId: first!.id, text: 'Thanks' },
    ]);
    await db
      .update(discussionAnswers)
      .set({ moderationState: 'held' })
      .where(eq(discussionAnswers.bodyText, 'Withheld words'));
    const other = await makeDiscussion(db, { organisationId: org.id, userId: author.id });
    const docs = await discussionSearch.documents(s.ctx, [topic.id, other.id, 999_999_999]);
    expect(docs).toHaveLength(2);
    expect(docs.find((d) => d.id === topic.id)).toEqual({
      id: topic.id,
      organisationId: org.id,
      title: 'Parking',
      body: 'Where do visitors park? Behind block C Thanks',
      subtitle: null,
      href: `/discussions/${topic.id}`,
    });
    expect(await discussionSearch.ids(s.ctx, topic.id - 1, 2)).toEqual([topic.id, other.id]);
  });

  it("shows each caller the topics the topic's page shows them", async () => {
    const db = s.ctx.db;
    const org = await makeOrganisation(db);
    const other = await makeOrganisation(db);
    const trainer = await makeTrainer(db, { organisationId: org.id });
    const colleague = await makeTrainer(db, { organisationId: org.id });
    const admin = await makeAdmin(db, { organisationId: org.id });
    const member = await makeLearner(db, { organisationId: org.id });
    const outsider = await makeLearner(db, { organisationId: org.id });
    const course = await makeCourse(db, { organisationId: org.id, createdBy: trainer.id });
    await enrol(db, course.id, member.id);
    const open = await makeDiscussion(db, { organisationId: org.id, userId: admin.id });
    const inCourse = await makeDiscussion(db, {
      organisationId: org.id,
      userId: member.id,
      scope: 'course',
      courseId: course.id,
    });
    const held = await makeDiscussion(db, { organisationId: org.id, userId: member.id });
    await db
      .update(discussions)
      .set({ moderationState: 'held' })
      .where(eq(discussions.id, held.id));
    const otherAdmin = await makeAdmin(db, { organisationId: other.id });
    const foreign = await makeDiscussion(db, { organisationId: other.id, userId: otherAdmin.id });
    const ids = [open, inCourse, held, foreign].map((d) => d.id);
    const seen = async (user: { id: number }) =>
      [...(await discussionSearch.visible(s.ctx, await authFor(s.ctx, user), ids))].sort(
        (a, b) => a - b,
      );
    expect(await seen(outsider)).toEqual(sorted(open));
    expect(await seen(member)).toEqual(sorted(open, inCourse, held));
    // The course's author manages its topics; another trainer takes no part in it.
    expect(await seen(trainer)).toEqual(sorted(open, inCourse));
    expect(await seen(colleague)).toEqual(sorted(open));
    expect(await seen(admin)).toEqual(sorted(open, inCourse, held));
    expect(await seen(otherAdmin)).toEqual(sorted(foreign));
  });

  it('is told of every topic and answer write and moderation decision', async () => {
    const db = s.ctx.db;
    const org = await makeOrganisation(db);
    const learner = await makeLearner(db, { organisationId: org.id });
    const admin = await makeAdmin(db, { organisationId: org.id });
    const auth = await authFor(s.ctx, learner);
    const adminAuth = await authFor(s.ctx, admin);
    const types = await discussionTypesOf(db, org.id);
    const told: number[][] = [];
    const stop = s.ctx.bus.subscribe('search.changed', (p) => {
      if (p.kind === 'discussion') told.push(p.ids);
    });
    try {
      const topic = await createTopic(
        s.ctx,
        auth,
        ZDiscussionCreate.parse({
          type: types.general,
          title: 'Canteen',
          body: '<p>Menu?</p>',
          scope: 'organisation',
        }),
        [],
      );
      await updateTopic(s.ctx, auth, topic.id, { title: 'Canteen menu' });
      const answer = await createAnswer(s.ctx, adminAuth, {
        discussion: topic.id,
        parent: null,
        body: '<p>Soup</p>',
      });
      await updateAnswer(s.ctx, adminAuth, answer.id, { body: '<p>Soup and bread</p>' });
      const [topicTarget, answerTarget] = discussionModerationTargets;
      await runInTransaction(db, s.ctx.bus, (uow) =>
        answerTarget!.setState(s.ctx, uow, answer.id, 'hidden'),
      );
      await runInTransaction(db, s.ctx.bus, (uow) =>
        topicTarget!.setState(s.ctx, uow, topic.id, 'hidden'),
      );
      await removeAnswer(s.ctx, adminAuth, answer.id);
      await removeTopic(s.ctx, adminAuth, topic.id);
      expect(told).toEqual(Array.from({ length: 8 }, () => [topic.id]));
      expect(await discussionSearch.documents(s.ctx, [topic.id])).toEqual([]);
    } finally {
      stop();
    }
  });
});
