import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../../../test/app.ts';
import { makeOrganisationWithStaff, type Staff, tokenFor } from '../../../test/auth.ts';
import { enrol, makeCourse, makeUser } from '../../../test/factories/index.ts';
import { call } from '../../../test/http.ts';

let t: TestApp;
let acme: Staff;
beforeAll(async () => {
  t = await createTestApp();
  acme = await makeOrganisationWithStaff(t.database.db, t.config, { isDefault: true });
});
afterAll(() => t.close());

const review = (token: string, payload: object) =>
  call(t.app, 'POST', '/api/courses/reviews/', { token, body: payload });

describe('course reviews', () => {
  it('refuses a review by a learner not enrolled, with non_field_errors', async () => {
    const course = await makeCourse(t.database.db, { organisationId: acme.org.id });
    const res = await review(acme.learner.token, { course: course.id, rating: 5 });
    expect(res.statusCode).toBe(403);
    expect(res.json().non_field_errors).toEqual([
      'Only learners enrolled in this course can review it.',
    ]);
    // A pending request is not an enrolment either.
    await enrol(t.database.db, course.id, acme.learner.user.id, 'requested');
    expect((await review(acme.learner.token, { course: course.id, rating: 5 })).statusCode).toBe(
      403,
    );
  });

  it('takes one review per enrolled learner; the second is a 400 with non_field_errors', async () => {
    const course = await makeCourse(t.database.db, { organisationId: acme.org.id });
    await enrol(t.database.db, course.id, acme.learner.user.id);
    const ok = await review(acme.learner.token, {
      course: course.id,
      rating: 4,
      comment: 'Useful.',
    });
    expect(ok.statusCode).toBe(201);
    expect(ok.json()).toMatchObject({
      status: true,
      review: { rating: 4, comment: 'Useful.', course: course.id },
    });
    const again = await review(acme.learner.token, { course: course.id, rating: 2 });
    expect(again.statusCode).toBe(400);
    expect(again.json().non_field_errors[0]).toBe('You have already reviewed this course.');
  });

  it('checks rating and comment, with the field messages also in non_field_errors', async () => {
    const course = await makeCourse(t.database.db, { organisationId: acme.org.id });
    const learner = await makeUser(t.database.db, { organisationId: acme.org.id });
    const token = await tokenFor(t.database.db, t.config, learner, acme.org.id);
    await enrol(t.database.db, course.id, learner.id, 'completed');
    for (const bad of [
      { rating: 0 },
      { rating: 6 },
      { rating: 3.5 },
      { rating: 3, comment: 'x'.repeat(2001) },
      {},
    ]) {
      const res = await review(token, { course: course.id, ...bad });
      expect(res.statusCode, JSON.stringify(bad)).toBe(400);
      expect(res.json().non_field_errors.length).toBeGreaterThan(0);
    }
    expect(
      (await review(token, { course: course.id, rating: 1, comment: 'x'.repeat(2000) })).statusCode,
    ).toBe(201);
  });

  it('lists reviews newest first with the average and count, paginated; hidden courses are 404', async () => {
    const course = await makeCourse(t.database.db, { organisationId: acme.org.id });
    const ratings = [5, 4, 2];
    for (const rating of ratings) {
      const u = await makeUser(t.database.db, { organisationId: acme.org.id });
      await enrol(t.database.db, course.id, u.id);
      const token = await tokenFor(t.database.db, t.config, u, acme.org.id);
      expect((await review(token, { course: course.id, rating })).statusCode).toBe(201);
    }
    const page = await call(t.app, 'GET', `/api/courses/reviews-list/${course.id}/?page_size=2`, {
      token: acme.trainer.token,
    });
    expect(page.statusCode).toBe(200);
    expect(page.json()).toMatchObject({
      count: 3,
      average_rating: 3.7,
      previous: null,
      distribution: [0, 1, 0, 1, 1],
    });
    expect(page.json().results.map((r: { rating: number }) => r.rating)).toEqual([2, 4]);
    expect(page.json().next).toContain('page=2');
    const empty = await makeCourse(t.database.db, { organisationId: acme.org.id });
    expect(
      (
        await call(t.app, 'GET', `/api/courses/reviews-list/${empty.id}/`, {
          token: acme.learner.token,
        })
      ).json(),
    ).toMatchObject({
      count: 0,
      average_rating: null,
      distribution: [0, 0, 0, 0, 0],
    });
    const other = await makeOrganisationWithStaff(t.database.db, t.config);
    expect(
      (
        await call(t.app, 'GET', `/api/courses/reviews-list/${course.id}/`, {
          token: other.learner.token,
        })
      ).statusCode,
    ).toBe(404);
  });

  it("my-reviews lists the caller's courses still to review, then their reviews", async () => {
    const learner = await makeUser(t.database.db, { organisationId: acme.org.id });
    const token = await tokenFor(t.database.db, t.config, learner, acme.org.id);
    const done = await makeCourse(t.database.db, { organisationId: acme.org.id });
    const taking = await makeCourse(t.database.db, { organisationId: acme.org.id });
    const requested = await makeCourse(t.database.db, { organisationId: acme.org.id });
    await enrol(t.database.db, taking.id, learner.id);
    await enrol(t.database.db, done.id, learner.id, 'completed');
    await enrol(t.database.db, requested.id, learner.id, 'requested');
    const mine = (state?: string) =>
      call(t.app, 'GET', `/api/courses/my-reviews/${state ? `?state=${state}` : ''}`, { token });

    const todo = await mine();
    expect(todo.statusCode).toBe(200);
    // Completed first; a pending request is not something to review.
    expect(todo.json()).toMatchObject({
      count: 2,
      results: [
        { course: { id: done.id, title: done.title }, enrolment_status: 'completed', review: null },
        { course: { id: taking.id }, enrolment_status: 'enrolled', completed_at: null },
      ],
    });
    expect((await mine('reviewed')).json()).toMatchObject({ count: 0, results: [] });

    await review(token, { course: done.id, rating: 5, comment: 'Great.' });
    expect((await mine('to_review')).json()).toMatchObject({
      count: 1,
      results: [{ course: { id: taking.id } }],
    });
    const reviewed = await mine('reviewed');
    expect(reviewed.json()).toMatchObject({
      count: 1,
      results: [
        {
          course: { id: done.id },
          enrolment_status: 'completed',
          review: { rating: 5, comment: 'Great.', user: { id: learner.id } },
        },
      ],
    });
    // Another learner's reviews never show.
    expect(
      (
        await call(t.app, 'GET', '/api/courses/my-reviews/?state=reviewed', {
          token: acme.learner.token,
        })
      ).json().results,
    ).not.toContainEqual(
      expect.objectContaining({ course: expect.objectContaining({ id: done.id }) }),
    );
    expect((await mine('nonsense')).statusCode).toBe(400);
    expect((await call(t.app, 'GET', '/api/courses/my-reviews/')).statusCode).toBe(401);
  });
});
