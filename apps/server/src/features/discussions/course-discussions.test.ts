import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../../../test/app.ts';
import { makeOrganisationWithStaff, type Staff, tokenFor } from '../../../test/auth.ts';
import { enrol, makeCourse, makeUser } from '../../../test/factories/index.ts';
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

async function enrolled(courseId: number) {
  const user = await makeUser(t.database.db, { organisationId: acme.org.id });
  await enrol(t.database.db, courseId, user.id);
  return { user, token: await tokenFor(t.database.db, t.config, user, acme.org.id) };
}

describe('course discussions', () => {
  it('enrolled learners and managers ask, answer, like and react; the list carries counts and answers', async () => {
    const course = await makeCourse(t.database.db, {
      organisationId: acme.org.id,
      createdBy: acme.trainer.user.id,
    });
    const [a, b] = [await enrolled(course.id), await enrolled(course.id)];
    const q1 = await call(t.app, 'POST', '/api/courses/course-discussion-question/', {
      token: a.token,
      body: {
        course: course.id,
        body: 'First?',
      },
    });
    expect(q1.statusCode).toBe(201);
    expect(q1.json()).toMatchObject({
      body: 'First?',
      likes: 0,
      answers: [],
      user: { id: a.user.id },
    });
    const q2 = await call(t.app, 'POST', '/api/courses/course-discussion-question/', {
      token: b.token,
      body: {
        course: course.id,
        body: 'Second?',
      },
    });
    const ans = await call(t.app, 'POST', '/api/courses/course-discussion-answer/', {
      token: acme.trainer.token,
      body: { question: q1.json().id, body: 'Yes.' },
    });
    expect(ans.statusCode).toBe(201);
    await call(t.app, 'POST', '/api/courses/course-discussion-answer/', {
      token: b.token,
      body: {
        question: q1.json().id,
        body: 'Agreed.',
      },
    });

    const like = (token: string) =>
      call(t.app, 'POST', '/api/courses/course-discussion-like/', {
        token,
        body: {
          question: q1.json().id,
        },
      });
    expect((await like(a.token)).json()).toEqual({ liked: true, likes: 1 });
    expect((await like(b.token)).json()).toEqual({ liked: true, likes: 2 });
    expect((await like(a.token)).json()).toEqual({ liked: false, likes: 1 });

    const react = (token: string, value: number) =>
      call(t.app, 'POST', '/api/courses/answer-like-dislike/', {
        token,
        body: {
          answer: ans.json().id,
          value,
        },
      });
    expect((await react(a.token, 1)).json()).toEqual({ likes: 1, dislikes: 0, my_reaction: 1 });
    expect((await react(b.token, -1)).json()).toEqual({ likes: 1, dislikes: 1, my_reaction: -1 });
    expect((await react(a.token, -1)).json()).toEqual({ likes: 0, dislikes: 2, my_reaction: -1 });
    expect((await react(a.token, 0)).json()).toEqual({ likes: 0, dislikes: 1, my_reaction: 0 });
    expect((await react(a.token, 2)).statusCode).toBe(400);

    const list = await call(
      t.app,
      'GET',
      `/api/courses/course-discussion-question/?course=${course.id}&page_size=1`,
      { token: b.token },
    );
    expect(list.statusCode).toBe(200);
    expect(list.json()).toMatchObject({
      count: 2,
      results: [{ id: q2.json().id, answer_count: 0 }],
    });
    const page2 = await call(
      t.app,
      'GET',
      `/api/courses/course-discussion-question/?course=${course.id}&page=2&page_size=1`,
      { token: b.token },
    );
    const q = page2.json().results[0];
    expect(q).toMatchObject({ id: q1.json().id, likes: 1, liked_by_me: true, answer_count: 2 });
    expect(q.answers.map((x: { body: string }) => x.body)).toEqual(['Yes.', 'Agreed.']);
    expect(q.answers[0]).toMatchObject({ likes: 0, dislikes: 1, my_reaction: -1 });
  });

  it('refuses users not enrolled, other organisations and bad input', async () => {
    const course = await makeCourse(t.database.db, {
      organisationId: acme.org.id,
      createdBy: acme.admin.user.id,
    });
    const a = await enrolled(course.id);
    const q = await call(t.app, 'POST', '/api/courses/course-discussion-question/', {
      token: a.token,
      body: {
        course: course.id,
        body: 'Q',
      },
    });
    const ask = await call(t.app, 'POST', '/api/courses/course-discussion-question/', {
      token: acme.learner.token,
      body: { course: course.id, body: 'Me?' },
    });
    expect(ask.statusCode).toBe(403);
    expect(ask.json().non_field_errors).toHaveLength(1);
    // A trainer who does not manage the course and is not enrolled.
    expect(
      (
        await call(t.app, 'POST', '/api/courses/course-discussion-answer/', {
          token: acme.trainer.token,
          body: {
            question: q.json().id,
            body: 'A',
          },
        })
      ).statusCode,
    ).toBe(403);
    expect(
      (
        await call(t.app, 'POST', '/api/courses/course-discussion-like/', {
          token: acme.learner.token,
          body: {
            question: q.json().id,
          },
        })
      ).statusCode,
    ).toBe(403);
    expect(
      (
        await call(t.app, 'GET', `/api/courses/course-discussion-question/?course=${course.id}`, {
          token: acme.learner.token,
        })
      ).statusCode,
    ).toBe(403);
    expect(
      (
        await call(t.app, 'GET', `/api/courses/course-discussion-question/?course=${course.id}`, {
          token: globex.admin.token,
        })
      ).statusCode,
    ).toBe(404);
    expect(
      (
        await call(t.app, 'POST', '/api/courses/course-discussion-like/', {
          token: globex.admin.token,
          body: {
            question: q.json().id,
          },
        })
      ).statusCode,
    ).toBe(404);
    expect(
      (
        await call(t.app, 'POST', '/api/courses/course-discussion-question/', {
          token: a.token,
          body: {
            course: course.id,
            body: ' ',
          },
        })
      ).statusCode,
    ).toBe(400);
    expect(
      (
        await call(t.app, 'POST', '/api/courses/course-discussion-question/', {
          token: a.token,
          body: {
            course: course.id,
            body: 'x'.repeat(5001),
          },
        })
      ).statusCode,
    ).toBe(400);
    expect(
      (
        await call(t.app, 'POST', '/api/courses/course-discussion-answer/', {
          token: a.token,
          body: {
            question: 999999,
            body: 'x',
          },
        })
      ).statusCode,
    ).toBe(404);
    expect(
      (
        await call(t.app, 'POST', '/api/courses/answer-like-dislike/', {
          token: a.token,
          body: {
            answer: 999999,
            value: 1,
          },
        })
      ).statusCode,
    ).toBe(404);
    // The course's admin takes part without being enrolled.
    expect(
      (
        await call(t.app, 'POST', '/api/courses/course-discussion-answer/', {
          token: acme.admin.token,
          body: {
            question: q.json().id,
            body: 'Admin',
          },
        })
      ).statusCode,
    ).toBe(201);
  });

  it('are topics of the discussions model: the same rules of state, the same answers both ways', async () => {
    const course = await makeCourse(t.database.db, {
      organisationId: acme.org.id,
      createdBy: acme.trainer.user.id,
    });
    const a = await enrolled(course.id);
    const q = (
      await call(t.app, 'POST', '/api/courses/course-discussion-question/', {
        token: a.token,
        body: { course: course.id, body: 'Is the quiz timed?' },
      })
    ).json();
    // Answered through the discussions API, it shows in the course's list as plain text.
    const rich = await call(t.app, 'POST', '/api/discussions/answear/', {
      token: acme.trainer.token,
      body: { discussion: q.id, body: '<p>Yes: <strong>20</strong> minutes.</p>' },
    });
    expect(rich.statusCode).toBe(201);
    const list = await call(
      t.app,
      'GET',
      `/api/courses/course-discussion-question/?course=${course.id}`,
      {
        token: a.token,
      },
    );
    expect(list.json().results[0]).toMatchObject({ id: q.id, answer_count: 1 });
    expect(list.json().results[0].answers[0].body).toBe('Yes: 20 minutes.');

    // Locked by its trainer: the learner's answer is refused as it would be there.
    await call(t.app, 'PATCH', `/api/discussions/${q.id}/`, {
      token: acme.trainer.token,
      body: { locked: true },
    });
    const refused = await call(t.app, 'POST', '/api/courses/course-discussion-answer/', {
      token: a.token,
      body: { question: q.id, body: 'Thanks' },
    });
    expect(refused.statusCode).toBe(409);
    expect(refused.json().message).toBe('This discussion is locked.');
  });
});
