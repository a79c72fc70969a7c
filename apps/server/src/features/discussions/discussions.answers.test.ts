import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { createTestApp, type TestApp } from '../../../test/app.ts';
import {
  makeOrganisationWithStaff,
  type SignedIn,
  type Staff,
  signedInLearner,
} from '../../../test/auth.ts';
import {
  type DiscussionOptions,
  discussionTypesOf,
  makeDiscussion,
  makeDiscussionAnswers,
} from '../../../test/factories/index.ts';
import { api } from '../../../test/http.ts';
import { auditEvents } from '../../schema/audit.table.ts';
import { discussions } from '../../schema/discussions.table.ts';

/* Answers and replies, closed and locked topics, accepted answers, and a page of a long thread. */

let t: TestApp;
let http: ReturnType<typeof api>;
let acme: Staff;
let globex: Staff;
let types: { question: number; idea: number; general: number };

beforeAll(async () => {
  t = await createTestApp();
  http = api(t);
  acme = await makeOrganisationWithStaff(t.database.db, t.config, { isDefault: true });
  globex = await makeOrganisationWithStaff(t.database.db, t.config);
  types = await discussionTypesOf(t.database.db, acme.org.id);
});
afterAll(() => t.close());

const topicOf = (who: SignedIn, over: Partial<DiscussionOptions> = {}) =>
  makeDiscussion(t.database.db, { organisationId: acme.org.id, userId: who.user.id, ...over });

async function answer(
  who: SignedIn,
  discussion: number,
  body = '<p>An answer</p>',
  parent?: number,
) {
  return http.post('/api/discussions/answear/', who.token, {
    discussion,
    body,
    parent: parent ?? null,
  });
}

async function threads(discussion: number, who: SignedIn, query = '') {
  const res = await http.get(`/api/discussions/${discussion}/answers/${query}`, who.token);
  expect(res.statusCode, res.body).toBe(200);
  return res.json() as { count: number; results: { id: number; replies: { id: number }[] }[] };
}

describe('answers', () => {
  it('answers and replies one level deep, oldest first; the topic counts and follows them', async () => {
    const author = await signedInLearner(t, acme.org.id);
    const topic = await topicOf(author);
    const a1 = await answer(acme.trainer, topic.id, '<p>First</p>');
    expect(a1.statusCode).toBe(201);
    expect(a1.json()).toMatchObject({
      discussion: topic.id,
      parent: null,
      body: '<p>First</p>',
      accepted: false,
      abilities: { edit: true, delete: true, reply: true, accept: false, react: true },
    });
    const a2 = (await answer(author, topic.id, '<p>Second</p>')).json();
    const reply = await answer(author, topic.id, '<p>Thanks</p>', a1.json().id);
    expect(reply.json()).toMatchObject({ parent: a1.json().id, abilities: { reply: false } });
    // A reply to a reply, or to another topic's answer: 400 on the field.
    const deeper = await answer(author, topic.id, '<p>x</p>', reply.json().id);
    expect(deeper.json().errors.parent).toHaveLength(1);
    const other = await topicOf(author);
    expect((await answer(author, other.id, '<p>x</p>', a1.json().id)).statusCode).toBe(400);

    const page = await threads(topic.id, author);
    expect(page.count).toBe(2);
    expect(page.results.map((r) => [r.id, r.replies.map((x) => x.id)])).toEqual([
      [a1.json().id, [reply.json().id]],
      [a2.id, []],
    ]);
    const detail = (await http.get(`/api/discussions/${topic.id}/`, acme.trainer.token)).json();
    expect(detail).toMatchObject({ answer_count: 3, following: true });
    expect(Date.parse(detail.last_activity_at)).toBeGreaterThan(topic.lastActivityAt.getTime());
  });

  it('closed: no new answers but a moderator’s; locked: no answers, edits or reactions but a moderator’s', async () => {
    const author = await signedInLearner(t, acme.org.id);
    const topic = await topicOf(author);
    const mine = (await answer(author, topic.id)).json();
    await http.patch(`/api/discussions/${topic.id}/`, author.token, { closed: true });
    const closed = await answer(acme.learner, topic.id);
    expect(closed.statusCode).toBe(409);
    expect(closed.json().message).toBe('This discussion is closed.');
    expect((await answer(acme.admin, topic.id)).statusCode).toBe(201);
    // Closed is not locked: editing and reacting go on.
    expect(
      (
        await http.patch(`/api/discussions/answear/${mine.id}/`, author.token, {
          body: '<p>Edit</p>',
        })
      ).statusCode,
    ).toBe(200);

    await http.patch(`/api/discussions/${topic.id}/`, acme.admin.token, { locked: true });
    const locked = await answer(author, topic.id);
    expect(locked.json().message).toBe('This discussion is locked.');
    expect(
      (
        await http.patch(`/api/discussions/answear/${mine.id}/`, author.token, {
          body: '<p>Again</p>',
        })
      ).statusCode,
    ).toBe(409);
    const react = await http.post('/api/discussions/like-dislike/', acme.learner.token, {
      answer: mine.id,
      value: 1,
    });
    expect(react.statusCode).toBe(409);
    expect(
      (
        await http.post('/api/discussions/like-dislike/', acme.admin.token, {
          answer: mine.id,
          value: 1,
        })
      ).statusCode,
    ).toBe(200);
    // Deleting one's own answer stays possible.
    expect((await http.del(`/api/discussions/answear/${mine.id}/`, author.token)).statusCode).toBe(
      204,
    );
  });

  it('edits by the author only; deletes by the author or a moderator, with the replies (audited)', async () => {
    const author = await signedInLearner(t, acme.org.id);
    const topic = await topicOf(author);
    const a = (await answer(acme.learner, topic.id)).json();
    await answer(author, topic.id, '<p>Reply</p>', a.id);
    await answer(acme.trainer, topic.id, '<p>Reply 2</p>', a.id);
    const edit = (who: SignedIn) =>
      http.patch(`/api/discussions/answear/${a.id}/`, who.token, { body: '<p>Better</p>' });
    expect((await edit(author)).statusCode).toBe(403);
    expect((await edit(globex.admin)).statusCode).toBe(404);
    const edited = await edit(acme.learner);
    expect(edited.json()).toMatchObject({ body: '<p>Better</p>', edited_at: expect.any(String) });
    expect((await http.del(`/api/discussions/answear/${a.id}/`, author.token)).statusCode).toBe(
      403,
    );
    expect((await http.del(`/api/discussions/answear/${a.id}/`, acme.admin.token)).statusCode).toBe(
      204,
    );
    const [row] = await t.database.db
      .select()
      .from(discussions)
      .where(eq(discussions.id, topic.id));
    expect(row!.answerCount).toBe(0);
    const [audit] = await t.database.db
      .select()
      .from(auditEvents)
      .where(
        and(
          eq(auditEvents.action, 'discussion.answer_deleted'),
          eq(auditEvents.targetUserId, acme.learner.user.id),
        ),
      );
    expect(audit?.details).toMatchObject({ discussionId: topic.id, answerId: a.id, replies: 2 });
  });
});

describe('accepted answers', () => {
  it('the question’s author or a moderator accepts any of its answers, changes or takes it back', async () => {
    const author = await signedInLearner(t, acme.org.id);
    const topic = await topicOf(author);
    const a = (await answer(acme.trainer, topic.id)).json();
    const reply = (await answer(acme.learner, topic.id, '<p>Reply</p>', a.id)).json();
    const accept = (who: SignedIn, id: number | null, on = topic.id) =>
      http.post(`/api/discussions/${on}/accept/`, who.token, { answer: id });
    expect((await accept(acme.learner, a.id)).statusCode).toBe(403);
    expect((await accept(globex.admin, a.id)).statusCode).toBe(404);
    const done = await accept(author, a.id);
    expect(done.statusCode).toBe(200);
    expect(done.json()).toMatchObject({
      accepted_answer: a.id,
      accepted: { id: a.id, accepted: true },
    });
    expect((await accept(acme.admin, reply.id)).json()).toMatchObject({
      accepted_answer: reply.id,
    });
    expect((await accept(author, null)).json()).toMatchObject({
      accepted_answer: null,
      accepted: null,
    });
    const other = await topicOf(author);
    const stray = await accept(author, (await answer(author, other.id)).json().id);
    expect(stray.json().errors.answer).toHaveLength(1);

    const idea = await topicOf(author, { typeId: types.idea });
    const ideaAnswer = (await answer(acme.trainer, idea.id)).json();
    expect((await accept(author, ideaAnswer.id, idea.id)).statusCode).toBe(409);
  });
});

describe('a thread of 1,000 answers', () => {
  it('pages its top-level answers with their replies in a few queries, whatever the page', async () => {
    const author = await signedInLearner(t, acme.org.id);
    const topic = await topicOf(author);
    const db = t.database.db;
    const start = Date.now() - 3_600_000;
    const tops = await makeDiscussionAnswers(
      db,
      topic.id,
      Array.from({ length: 500 }, (_, i) => ({
        userId: acme.trainer.user.id,
        createdAt: new Date(start + i * 1000),
      })),
    );
    await makeDiscussionAnswers(
      db,
      topic.id,
      tops.map((p, i) => ({
        userId: author.user.id,
        parentId: p.id,
        createdAt: new Date(start + i * 1000 + 500),
      })),
    );
    const client = (db as unknown as { $client: { query: (...a: unknown[]) => unknown } }).$client;
    const spy = vi.spyOn(client, 'query');
    const began = Date.now();
    const page = await threads(topic.id, author, '?page=3&page_size=100');
    const elapsed = Date.now() - began;
    const queries = spy.mock.calls.length;
    spy.mockRestore();
    expect(page.count).toBe(500);
    expect(page.results).toHaveLength(100);
    expect(page.results[0]!.id).toBe(tops[200]!.id);
    expect(page.results.every((r) => r.replies.length === 1)).toBe(true);
    // The topic's load and standing, the count, the page and its replies: not one per answer.
    expect(queries).toBeGreaterThan(2);
    expect(queries).toBeLessThan(10);
    expect(elapsed).toBeLessThan(5_000);
  });
});
