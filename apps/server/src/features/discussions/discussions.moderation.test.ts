import type { TModerationItem } from '@atrium/contract';
import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../../../test/app.ts';
import {
  makeOrganisationWithStaff,
  type SignedIn,
  type Staff,
  signedInLearner,
} from '../../../test/auth.ts';
import { discussionTypesOf } from '../../../test/factories/index.ts';
import { api } from '../../../test/http.ts';
import { discussions } from '../../schema/discussions.table.ts';
import { notifications } from '../../schema/notifications.table.ts';

/*
 * Discussions under moderation: a held answer is left out of the thread and its count for others
 * (its author sees it labelled), followers hear of it only on release; a reported topic hidden by
 * a moderator leaves the list and comes back on restore; a moderator's delete is the topic's own.
 */

let t: TestApp;
let http: ReturnType<typeof api>;
let acme: Staff;
let types: { question: number };

beforeAll(async () => {
  t = await createTestApp();
  http = api(t);
  acme = await makeOrganisationWithStaff(t.database.db, t.config, { isDefault: true });
  types = await discussionTypesOf(t.database.db, acme.org.id);
  const word = await http.post('/api/moderation/banned-words/', acme.admin.token, {
    phrase: 'blargh',
  });
  expect(word.statusCode, word.body).toBe(201);
});
afterAll(() => t.close());

async function start(who: SignedIn, title: string, body = '<p>Details</p>') {
  const res = await http.post('/api/discussions/', who.token, {
    type: types.question,
    title,
    body,
  });
  expect(res.statusCode, res.body).toBe(201);
  return res.json() as { id: number; moderation_state: string };
}

const listIds = async (who: SignedIn) =>
  (await http.get('/api/discussions/?page_size=100', who.token))
    .json()
    .results.map((r: { id: number }) => r.id);

async function itemFor(kind: string, targetId: number): Promise<TModerationItem> {
  const res = await http.get(`/api/moderation/queue/?kind=${kind}&page_size=100`, acme.admin.token);
  return res.json().results.find((i: TModerationItem) => i.target_id === targetId);
}

const act = (id: number, action: string) =>
  http.post(`/api/moderation/queue/${id}/action/`, acme.admin.token, { action });

describe('discussions under moderation', () => {
  it('holds an answer with a banned word: not counted, nobody told, until released', async () => {
    const author = await signedInLearner(t, acme.org.id);
    const answerer = await signedInLearner(t, acme.org.id);
    const topic = await start(author, 'Parking');
    const res = await http.post('/api/discussions/answear/', answerer.token, {
      discussion: topic.id,
      body: '<p>Total <em>BLARGH</em> here</p>',
      parent: null,
    });
    expect(res.statusCode, res.body).toBe(201);
    expect(res.json().moderation_state).toBe('held');
    const thread = async (who: SignedIn) =>
      (await http.get(`/api/discussions/${topic.id}/answers/`, who.token)).json();
    expect((await thread(author)).count).toBe(0);
    expect((await thread(answerer)).results[0].moderation_state).toBe('held');
    const detail = async () =>
      (await http.get(`/api/discussions/${topic.id}/`, author.token)).json();
    expect((await detail()).answer_count).toBe(0);
    await t.app.ctx.jobs.drain();
    const told = () =>
      t.database.db
        .select()
        .from(notifications)
        .where(
          and(
            eq(notifications.recipientId, author.user.id),
            eq(notifications.type, 'discussion_answer'),
          ),
        );
    expect(await told()).toHaveLength(0);

    const item = await itemFor('discussion_answer', res.json().id);
    expect(item).toMatchObject({ held: true, kind_label: 'Discussion answer' });
    expect((await act(item.id, 'restore')).statusCode).toBe(200);
    expect((await thread(author)).count).toBe(1);
    expect((await detail()).answer_count).toBe(1);
    await t.app.ctx.jobs.drain();
    expect(await told()).toHaveLength(1);
  });

  it('hides a reported topic from the list; a held one is deleted by a moderator', async () => {
    const author = await signedInLearner(t, acme.org.id);
    const reader = await signedInLearner(t, acme.org.id);
    const topic = await start(author, 'Spam topic');
    const report = await http.post('/api/moderation/reports/', reader.token, {
      kind: 'discussion_topic',
      id: topic.id,
      reason: 'spam',
    });
    expect(report.statusCode, report.body).toBe(201);
    const item = await itemFor('discussion_topic', topic.id);
    expect((await act(item.id, 'hide')).statusCode).toBe(200);
    expect(await listIds(reader)).not.toContain(topic.id);
    expect((await http.get(`/api/discussions/${topic.id}/`, reader.token)).statusCode).toBe(404);
    const own = await http.get(`/api/discussions/${topic.id}/`, author.token);
    expect(own.json().moderation_state).toBe('hidden');
    expect(await listIds(author)).toContain(topic.id);

    const again = await http.post('/api/moderation/reports/', acme.trainer.token, {
      kind: 'discussion_topic',
      id: topic.id,
      reason: 'spam',
    });
    // Hidden: the trainer (not an admin) does not see it any more.
    expect(again.statusCode).toBe(404);

    const held = await start(author, 'A blargh title');
    expect(held.moderation_state).toBe('held');
    expect(await listIds(reader)).not.toContain(held.id);
    const heldItem = await itemFor('discussion_topic', held.id);
    expect((await act(heldItem.id, 'delete')).statusCode).toBe(200);
    expect(
      await t.database.db.select().from(discussions).where(eq(discussions.id, held.id)),
    ).toEqual([]);
  });
});
