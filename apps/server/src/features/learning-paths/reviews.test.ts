import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../../../test/app.ts';
import { makeOrganisationWithStaff, type Staff, signedInLearner } from '../../../test/auth.ts';
import {
  makeLearningPath,
  makePathEnrolment,
  makePathReview,
} from '../../../test/factories/index.ts';
import { api } from '../../../test/http.ts';
import { learningPathReviews } from '../../schema/learning-paths.table.ts';

let t: TestApp;
let acme: Staff;
let globex: Staff;
let a: ReturnType<typeof api>;

beforeAll(async () => {
  t = await createTestApp();
  acme = await makeOrganisationWithStaff(t.database.db, t.config, { isDefault: true });
  globex = await makeOrganisationWithStaff(t.database.db, t.config);
  a = api(t);
});
afterAll(() => t.close());

const db = () => t.database.db;
const reviewsOf = (pathId: number) =>
  db().select().from(learningPathReviews).where(eq(learningPathReviews.pathId, pathId));

describe('path reviews', () => {
  it('an enrolled learner reviews once; the list is newest first with the average', async () => {
    const path = await makeLearningPath(db(), { organisationId: acme.org.id });
    const older = await makePathReview(db(), path, { rating: 2, comment: 'Slow' });
    await db()
      .update(learningPathReviews)
      .set({ createdAt: new Date(Date.now() - 60_000) })
      .where(eq(learningPathReviews.id, older.id));
    const learner = await signedInLearner(t, acme.org.id);
    await makePathEnrolment(db(), path, { userId: learner.user.id, status: 'completed' });

    const res = await a.post('/api/v1/learning_path/reviews/', learner.token, {
      learning_path: path.id,
      rating: 5,
      comment: '  Worth it  ',
    });
    expect(res.statusCode, res.body).toBe(201);
    expect(res.json()).toMatchObject({
      learning_path: path.id,
      user: { id: learner.user.id },
      rating: 5,
      comment: 'Worth it',
    });
    const again = await a.post('/api/v1/learning_path/reviews/', learner.token, {
      learning_path: path.id,
      rating: 1,
    });
    expect(again.statusCode).toBe(409);
    expect(again.json().message).toBe('You have already reviewed this learning path.');

    const list = await a.get(`/api/v1/learning_path/all-reviews/${path.id}/`, acme.learner.token);
    expect(list.statusCode).toBe(200);
    expect(list.json()).toMatchObject({ count: 2, average: 3.5, next: null });
    expect(list.json().results.map((r: { comment: string }) => r.comment)).toEqual([
      'Worth it',
      'Slow',
    ]);
    const paged = await a.get(
      `/api/v1/learning_path/all-reviews/${path.id}/?page_size=1`,
      learner.token,
    );
    expect(paged.json().results).toHaveLength(1);
    expect(paged.json().next).toMatch(/page=2/);
  });

  it('only learners enrolled may post: 403 for others of the organisation, 404 elsewhere', async () => {
    const path = await makeLearningPath(db(), { organisationId: acme.org.id });
    const requester = await signedInLearner(t, acme.org.id);
    await makePathEnrolment(db(), path, { userId: requester.user.id, status: 'requested' });
    const body = { learning_path: path.id, rating: 4 };
    expect(
      (await a.post('/api/v1/learning_path/reviews/', acme.learner.token, body)).statusCode,
    ).toBe(403);
    expect((await a.post('/api/v1/learning_path/reviews/', requester.token, body)).statusCode).toBe(
      403,
    );
    expect(
      (await a.post('/api/v1/learning_path/reviews/', acme.admin.token, body)).statusCode,
    ).toBe(403);
    expect(
      (await a.post('/api/v1/learning_path/reviews/', globex.learner.token, body)).statusCode,
    ).toBe(404);
    expect(
      (await a.get(`/api/v1/learning_path/all-reviews/${path.id}/`, globex.admin.token)).statusCode,
    ).toBe(404);
    expect(await reviewsOf(path.id)).toHaveLength(0);
  });

  it('checks the rating and keeps the comment plain text', async () => {
    const path = await makeLearningPath(db(), { organisationId: acme.org.id });
    const learner = await signedInLearner(t, acme.org.id);
    await makePathEnrolment(db(), path, { userId: learner.user.id });
    for (const [body, field] of [
      [{ learning_path: path.id, rating: 6 }, 'rating'],
      [{ learning_path: path.id, rating: 0 }, 'rating'],
      [{ learning_path: path.id, rating: 3, comment: '<b>bold</b>' }, 'comment'],
    ] as const) {
      const res = await a.post('/api/v1/learning_path/reviews/', learner.token, body);
      expect(res.statusCode, JSON.stringify(body)).toBe(400);
      expect(res.json().errors).toHaveProperty(field);
    }
    // Someone else's name on it: not a field one may set.
    const forged = { learning_path: path.id, rating: 3, user: 1 };
    expect((await a.post('/api/v1/learning_path/reviews/', learner.token, forged)).statusCode).toBe(
      400,
    );
    expect(await reviewsOf(path.id)).toHaveLength(0);
  });

  it('a draft path has no reviews to read for a learner (404)', async () => {
    const draft = await makeLearningPath(db(), { organisationId: acme.org.id, status: 'draft' });
    const res = await a.get(`/api/v1/learning_path/all-reviews/${draft.id}/`, acme.learner.token);
    expect(res.statusCode).toBe(404);
  });
});
