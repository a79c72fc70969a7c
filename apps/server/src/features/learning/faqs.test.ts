import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../../../test/app.ts';
import { makeOrganisationWithStaff, type Staff } from '../../../test/auth.ts';
import { makeCourse } from '../../../test/factories/index.ts';
import { call } from '../../../test/http.ts';

let t: TestApp;
let acme: Staff;
let globex: Staff;
beforeAll(async () => {
  t = await createTestApp();
  acme = await makeOrganisationWithStaff(t.database.db, t.config, { isDefault: true });
  globex = await makeOrganisationWithStaff(t.database.db, t.config);
});
afterAll(() => t.close());

describe('course FAQs', () => {
  it('managers add, reorder, change and delete; anyone who sees the course reads them in order', async () => {
    const course = await makeCourse(t.database.db, {
      organisationId: acme.org.id,
      createdBy: acme.trainer.user.id,
    });
    const first = await call(t.app, 'POST', '/api/courses/faq/', {
      token: acme.trainer.token,
      body: {
        course: course.id,
        question: 'How long?',
        answer: 'Two hours.',
      },
    });
    expect(first.statusCode).toBe(201);
    expect(first.json()).toMatchObject({ position: 0, question: 'How long?' });
    const second = await call(t.app, 'POST', '/api/courses/faq/', {
      token: acme.admin.token,
      body: {
        course: course.id,
        question: 'Certificate?',
        answer: 'Yes.',
      },
    });
    expect(second.json().position).toBe(1);
    const moved = await call(t.app, 'PATCH', `/api/courses/faq/${second.json().id}/`, {
      token: acme.admin.token,
      body: { position: -1 },
    });
    expect(moved.statusCode).toBe(400);
    await call(t.app, 'PATCH', `/api/courses/faq/${first.json().id}/`, {
      token: acme.admin.token,
      body: {
        position: 5,
      },
    });
    const list = await call(t.app, 'GET', `/api/courses/faq-list/${course.id}/`, {
      token: acme.learner.token,
    });
    expect(list.statusCode).toBe(200);
    expect(list.json().results.map((f: { question: string }) => f.question)).toEqual([
      'Certificate?',
      'How long?',
    ]);
    expect(list.json().count).toBe(2);
    const del = await call(t.app, 'DELETE', `/api/courses/faq/${first.json().id}/`, {
      token: acme.trainer.token,
    });
    expect(del.statusCode).toBe(204);
    expect(
      (
        await call(t.app, 'GET', `/api/courses/faq-list/${course.id}/`, {
          token: acme.learner.token,
        })
      ).json().count,
    ).toBe(1);
  });

  it('refuses other trainers, learners, other organisations and bad input', async () => {
    const course = await makeCourse(t.database.db, {
      organisationId: acme.org.id,
      createdBy: acme.admin.user.id,
    });
    const payload = { course: course.id, question: 'Q', answer: 'A' };
    // A trainer who did not write the course does not manage it.
    expect(
      (await call(t.app, 'POST', '/api/courses/faq/', { token: acme.trainer.token, body: payload }))
        .statusCode,
    ).toBe(403);
    expect(
      (await call(t.app, 'POST', '/api/courses/faq/', { token: acme.learner.token, body: payload }))
        .statusCode,
    ).toBe(403);
    expect(
      (await call(t.app, 'POST', '/api/courses/faq/', { token: globex.admin.token, body: payload }))
        .statusCode,
    ).toBe(404);
    expect((await call(t.app, 'GET', `/api/courses/faq-list/${course.id}/`)).statusCode).toBe(401);
    const bad = await call(t.app, 'POST', '/api/courses/faq/', {
      token: acme.admin.token,
      body: {
        course: course.id,
        question: '',
        answer: 'x'.repeat(5001),
      },
    });
    expect(bad.statusCode).toBe(400);
    expect(Object.keys(bad.json().errors).sort()).toEqual(['answer', 'question']);
    const draft = await makeCourse(t.database.db, {
      organisationId: acme.org.id,
      status: 'draft',
      createdBy: acme.admin.user.id,
    });
    expect(
      (
        await call(t.app, 'GET', `/api/courses/faq-list/${draft.id}/`, {
          token: acme.learner.token,
        })
      ).statusCode,
    ).toBe(404);
    expect(
      (
        await call(t.app, 'GET', `/api/courses/faq-list/${course.id}/`, {
          token: globex.learner.token,
        })
      ).statusCode,
    ).toBe(404);
    const faq = await call(t.app, 'POST', '/api/courses/faq/', {
      token: acme.admin.token,
      body: payload,
    });
    expect(
      (
        await call(t.app, 'DELETE', `/api/courses/faq/${faq.json().id}/`, {
          token: globex.admin.token,
        })
      ).statusCode,
    ).toBe(404);
    expect(
      (
        await call(t.app, 'PATCH', '/api/courses/faq/999999/', {
          token: acme.admin.token,
          body: { answer: 'B' },
        })
      ).statusCode,
    ).toBe(404);
  });
});
