import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../../../test/app.ts';
import {
  makeOrganisationWithStaff,
  type SignedIn,
  type Staff,
  signedInLearner,
} from '../../../test/auth.ts';
import {
  discussionTypesOf,
  makeCourse,
  makeDiscussion,
  makeDiscussionAnswers,
} from '../../../test/factories/index.ts';
import { api } from '../../../test/http.ts';

/* GET /api/discussions/: pinned first, orderings, filters, search, pages. */

let t: TestApp;
let http: ReturnType<typeof api>;
let org: Staff;
let types: { question: number; idea: number; general: number };
let me: SignedIn;
const ids: Record<string, number> = {};

const HOUR = 3_600_000;
const ago = (hours: number) => new Date(Date.now() - hours * HOUR);

beforeAll(async () => {
  t = await createTestApp();
  http = api(t);
  org = await makeOrganisationWithStaff(t.database.db, t.config);
  types = await discussionTypesOf(t.database.db, org.org.id);
  me = await signedInLearner(t, org.org.id);
  const db = t.database.db;
  const base = { organisationId: org.org.id };
  ids.old = (
    await makeDiscussion(db, {
      ...base,
      userId: me.user.id,
      title: 'Old parking question',
      createdAt: ago(10),
    })
  ).id;
  ids.pinned = (
    await makeDiscussion(db, {
      ...base,
      userId: org.admin.user.id,
      typeId: types.general,
      title: 'House rules',
      pinned: true,
      createdAt: ago(20),
    })
  ).id;
  ids.idea = (
    await makeDiscussion(db, {
      ...base,
      userId: org.trainer.user.id,
      typeId: types.idea,
      title: 'A bike shed',
      body: 'We could build one behind the canteen.',
      createdAt: ago(5),
    })
  ).id;
  ids.answered = (
    await makeDiscussion(db, {
      ...base,
      userId: org.trainer.user.id,
      title: 'Lunch hours?',
      createdAt: ago(1),
    })
  ).id;
  await makeDiscussionAnswers(db, ids.answered, [{ userId: me.user.id }]);
  // A course topic the learner cannot read.
  const course = await makeCourse(db, {
    organisationId: org.org.id,
    createdBy: org.trainer.user.id,
  });
  ids.course = (
    await makeDiscussion(db, {
      ...base,
      userId: org.trainer.user.id,
      scope: 'course',
      courseId: course.id,
      title: 'Course only',
    })
  ).id;
});
afterAll(() => t.close());

async function listed(query: string, who: SignedIn = me) {
  const res = await http.get(`/api/discussions/${query}`, who.token);
  expect(res.statusCode, res.body).toBe(200);
  return res.json() as { count: number; next: string | null; results: { id: number }[] };
}
const idsOf = (page: { results: { id: number }[] }) => page.results.map((r) => r.id);

describe('the topic list', () => {
  it('pinned first, then latest activity; newest; top', async () => {
    expect(idsOf(await listed(''))).toEqual([ids.pinned, ids.answered, ids.idea, ids.old]);
    expect(idsOf(await listed('?ordering=newest'))).toEqual([
      ids.pinned,
      ids.answered,
      ids.idea,
      ids.old,
    ]);
    const top = await http.post('/api/discussions/like-dislike/', org.trainer.token, {
      discussion: ids.old,
      value: 1,
    });
    expect(top.statusCode).toBe(200);
    expect(idsOf(await listed('?ordering=top'))[1]).toBe(ids.old);
    expect(idsOf(await listed('?pinned=false'))).not.toContain(ids.pinned);
  });

  it('filters by type, scope, mine, following and unanswered', async () => {
    expect(idsOf(await listed(`?type=${types.idea}`))).toEqual([ids.idea]);
    expect(idsOf(await listed('?filter=mine'))).toEqual([ids.old]);
    // Their own topic only: answers written straight to the table follow nothing.
    expect(idsOf(await listed('?filter=following'))).toEqual([ids.old]);
    await http.post(`/api/discussions/${ids.answered}/follow/`, me.token, { following: true });
    expect(idsOf(await listed('?filter=following'))).toEqual([ids.answered, ids.old]);
    // A question with answers but none accepted is still unanswered; an idea with none too.
    expect(idsOf(await listed('?filter=unanswered'))).toEqual([
      ids.pinned,
      ids.answered,
      ids.idea,
      ids.old,
    ]);
    expect(
      idsOf(await listed(`?scope=organisation&filter=unanswered&type=${types.general}`)),
    ).toEqual([ids.pinned]);
    expect((await listed('?scope=course')).count).toBe(0);
    expect((await listed('?scope=course', org.admin)).count).toBe(1);
  });

  it('searches titles and text, case-insensitively, wildcards as text', async () => {
    expect(idsOf(await listed('?search=CANTEEN'))).toEqual([ids.idea]);
    expect(idsOf(await listed('?search=parking'))).toEqual([ids.old]);
    expect((await listed('?search=%25')).count).toBe(0);
    expect((await listed('?search=Course%20only')).count).toBe(0);
  });

  it('pages in the DRF shape, with the summary of each topic', async () => {
    const first = await listed('?page_size=2');
    expect(first.count).toBe(4);
    expect(first.next).toContain('page=2');
    const second = await listed('?page_size=2&page=2');
    expect(idsOf(second)).toEqual([ids.idea, ids.old]);
    expect(first.results[1]).toMatchObject({
      id: ids.answered,
      title: 'Lunch hours?',
      excerpt: 'About Lunch hours?',
      type: { id: types.question, kind: 'question' },
      scope: 'organisation',
      scope_ref: null,
      answer_count: 1,
      following: true,
      user: { id: org.trainer.user.id, image: null },
    });
  });
});
