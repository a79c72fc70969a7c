import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../../../test/app.ts';
import { makeOrganisationWithStaff, type Staff } from '../../../test/auth.ts';
import { makeDiscussion } from '../../../test/factories/index.ts';
import { api } from '../../../test/http.ts';
import { discussions, discussionTypes } from '../../schema/discussions.table.ts';

/* discussion_type/: the organisation's types, provisioned on first read, kept by its admins. */

let t: TestApp;
let http: ReturnType<typeof api>;
let acme: Staff;
let globex: Staff;
const url = '/api/discussions/discussion_type/';

beforeAll(async () => {
  t = await createTestApp();
  http = api(t);
  acme = await makeOrganisationWithStaff(t.database.db, t.config, { isDefault: true });
  globex = await makeOrganisationWithStaff(t.database.db, t.config);
});
afterAll(() => t.close());

type Type = { id: number; name: string; kind: string; topic_count: number };

describe('discussion types', () => {
  it('a new organisation gets Question, Idea and General the first time, once', async () => {
    const fresh = await makeOrganisationWithStaff(t.database.db, t.config);
    const [first, second] = await Promise.all([
      http.get(url, fresh.learner.token),
      http.get(url, fresh.trainer.token),
    ]);
    expect(first.statusCode).toBe(200);
    expect((first.json() as Type[]).map((x) => [x.name, x.kind, x.topic_count])).toEqual([
      ['Question', 'question', 0],
      ['Idea', 'idea', 0],
      ['General', 'general', 0],
    ]);
    expect(second.json()).toEqual(first.json());
    const rows = await t.database.db
      .select()
      .from(discussionTypes)
      .where(eq(discussionTypes.organisationId, fresh.org.id));
    expect(rows).toHaveLength(3);
  });

  it('admins add, rename and delete; names are unique case-insensitively; others may not', async () => {
    await http.get(url, acme.admin.token);
    const added = await http.post(url, acme.admin.token, { name: 'Announcement', kind: 'general' });
    expect(added.statusCode).toBe(201);
    const id = (added.json() as Type).id;
    const twin = await http.post(url, acme.admin.token, { name: 'announcement', kind: 'idea' });
    expect(twin.statusCode).toBe(409);
    expect(twin.json().errors.name).toHaveLength(1);
    expect((await http.post(url, acme.trainer.token, { name: 'X', kind: 'idea' })).statusCode).toBe(
      403,
    );
    expect(
      (await http.post(url, acme.admin.token, { name: '<b>x</b>', kind: 'idea' })).statusCode,
    ).toBe(400);
    expect((await http.patch(`${url}${id}/`, acme.admin.token, {})).statusCode).toBe(400);
    const renamed = await http.patch(`${url}${id}/`, acme.admin.token, { name: 'Notice' });
    expect(renamed.json()).toMatchObject({ id, name: 'Notice', kind: 'general' });
    expect(
      (await http.patch(`${url}${id}/`, acme.admin.token, { name: 'QUESTION' })).statusCode,
    ).toBe(409);
    expect(
      (await http.patch(`${url}${id}/`, globex.admin.token, { name: 'Mine' })).statusCode,
    ).toBe(404);
    expect((await http.del(`${url}${id}/`, globex.admin.token)).statusCode).toBe(404);
    expect((await http.del(`${url}${id}/`, acme.admin.token)).statusCode).toBe(204);
  });

  it('a type in use cannot be deleted, nor the last one; leaving question takes acceptances back', async () => {
    const org = await makeOrganisationWithStaff(t.database.db, t.config);
    const list = (await http.get(url, org.admin.token)).json() as Type[];
    const [question, idea, general] = list as [Type, Type, Type];
    const topic = await makeDiscussion(t.database.db, {
      organisationId: org.org.id,
      userId: org.learner.user.id,
      typeId: question.id,
    });
    const answer = await http.post('/api/discussions/answear/', org.trainer.token, {
      discussion: topic.id,
      body: '<p>Yes</p>',
    });
    await http.post(`/api/discussions/${topic.id}/accept/`, org.learner.token, {
      answer: answer.json().id,
    });
    const inUse = await http.del(`${url}${question.id}/`, org.admin.token);
    expect(inUse.statusCode).toBe(409);
    expect(((await http.get(url, org.admin.token)).json() as Type[])[0]!.topic_count).toBe(1);

    const changed = await http.patch(`${url}${question.id}/`, org.admin.token, { kind: 'general' });
    expect(changed.json()).toMatchObject({ kind: 'general', topic_count: 1 });
    const [row] = await t.database.db
      .select()
      .from(discussions)
      .where(eq(discussions.id, topic.id));
    expect(row!.acceptedAnswerId).toBeNull();

    expect((await http.del(`${url}${idea.id}/`, org.admin.token)).statusCode).toBe(204);
    expect((await http.del(`${url}${general.id}/`, org.admin.token)).statusCode).toBe(204);
    await t.database.db.delete(discussions).where(eq(discussions.id, topic.id));
    const last = await http.del(`${url}${question.id}/`, org.admin.token);
    expect(last.statusCode).toBe(409);
    // Still one: reading does not provision the defaults again.
    expect((await http.get(url, org.admin.token)).json()).toHaveLength(1);
  });
});
