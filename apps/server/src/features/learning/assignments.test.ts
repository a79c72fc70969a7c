import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../../../test/app.ts';
import { makeOrganisationWithStaff, type Staff, tokenFor } from '../../../test/auth.ts';
import { enrol, makeCourse, makeUser } from '../../../test/factories/index.ts';
import { call } from '../../../test/http.ts';
import { multipart } from '../../../test/multipart.ts';

let t: TestApp;
let acme: Staff;
let globex: Staff;
beforeAll(async () => {
  t = await createTestApp();
  acme = await makeOrganisationWithStaff(t.database.db, t.config, { isDefault: true });
  globex = await makeOrganisationWithStaff(t.database.db, t.config);
});
afterAll(() => t.close());

const PDF = Buffer.from('%PDF-1.4\n1 0 obj<<>>endobj\ntrailer<<>>\n%%EOF\n');

async function setup() {
  const course = await makeCourse(t.database.db, {
    organisationId: acme.org.id,
    createdBy: acme.trainer.user.id,
  });
  const created = await call(t.app, 'POST', '/api/courses/assignment/', {
    token: acme.trainer.token,
    body: {
      course: course.id,
      title: 'Essay',
      instructions: 'Write.',
      due_at: '2030-01-01T00:00:00Z',
      max_score: 10,
    },
  });
  expect(created.statusCode).toBe(201);
  const user = await makeUser(t.database.db, { organisationId: acme.org.id });
  await enrol(t.database.db, course.id, user.id);
  const token = await tokenFor(t.database.db, t.config, user, acme.org.id);
  return { course, assignment: created.json(), learner: { user, token } };
}

function submit(token: string, id: number, parts: Parameters<typeof multipart>[0]) {
  const form = multipart(parts);
  return t.app.inject({
    method: 'POST',
    url: `/api/courses/assignment/${id}/submit/`,
    payload: form.payload,
    headers: { ...form.headers, authorization: `Token ${token}` },
  });
}

describe('assignments', () => {
  it('managers create, list with counts, change and delete; learners see theirs', async () => {
    const { course, assignment, learner } = await setup();
    expect(assignment).toMatchObject({
      title: 'Essay',
      max_score: 10,
      due_at: '2030-01-01T00:00:00.000Z',
    });
    await submit(learner.token, assignment.id, [{ name: 'text', value: 'My essay' }]);
    const forTrainer = await call(t.app, 'GET', `/api/courses/assignment/?course=${course.id}`, {
      token: acme.trainer.token,
    });
    expect(forTrainer.json().results[0]).toMatchObject({ id: assignment.id, submission_count: 1 });
    const forLearner = await call(t.app, 'GET', `/api/courses/assignment/?course=${course.id}`, {
      token: learner.token,
    });
    expect(forLearner.json().results[0].my_submission).toMatchObject({
      text: 'My essay',
      score: null,
    });
    expect(forLearner.json().results[0].submission_count).toBeUndefined();
    // Not enrolled: no assignments.
    expect(
      (
        await call(t.app, 'GET', `/api/courses/assignment/?course=${course.id}`, {
          token: acme.learner.token,
        })
      ).statusCode,
    ).toBe(403);
    expect(
      (await call(t.app, 'GET', '/api/courses/assignment/', { token: acme.learner.token }))
        .statusCode,
    ).toBe(400);

    const patched = await call(t.app, 'PATCH', `/api/courses/assignment/${assignment.id}/`, {
      token: acme.trainer.token,
      body: { title: 'Long essay', due_at: null },
    });
    expect(patched.json()).toMatchObject({ title: 'Long essay', due_at: null });
    expect(
      (
        await call(t.app, 'PATCH', `/api/courses/assignment/${assignment.id}/`, {
          token: acme.trainer.token,
          body: { max_score: 0 },
        })
      ).statusCode,
    ).toBe(400);
    expect(
      (
        await call(t.app, 'PATCH', `/api/courses/assignment/${assignment.id}/`, {
          token: acme.trainer.token,
          body: { module: 999999 },
        })
      ).statusCode,
    ).toBe(400);
    expect(
      (
        await call(t.app, 'PATCH', `/api/courses/assignment/${assignment.id}/`, {
          token: globex.admin.token,
          body: { title: 'X' },
        })
      ).statusCode,
    ).toBe(404);
    expect(
      (
        await call(t.app, 'DELETE', `/api/courses/assignment/${assignment.id}/`, {
          token: learner.token,
        })
      ).statusCode,
    ).toBe(403);
    expect(
      (
        await call(t.app, 'DELETE', `/api/courses/assignment/${assignment.id}/`, {
          token: acme.trainer.token,
        })
      ).statusCode,
    ).toBe(204);
    expect(
      (
        await call(t.app, 'DELETE', `/api/courses/assignment/${assignment.id}/`, {
          token: acme.trainer.token,
        })
      ).statusCode,
    ).toBe(404);
  });

  it('refuses creation by non-managers and bad input', async () => {
    const course = await makeCourse(t.database.db, {
      organisationId: acme.org.id,
      createdBy: acme.admin.user.id,
    });
    const payload = { course: course.id, title: 'T' };
    expect(
      (
        await call(t.app, 'POST', '/api/courses/assignment/', {
          token: acme.trainer.token,
          body: payload,
        })
      ).statusCode,
    ).toBe(403);
    expect(
      (
        await call(t.app, 'POST', '/api/courses/assignment/', {
          token: acme.learner.token,
          body: payload,
        })
      ).statusCode,
    ).toBe(403);
    const bad = await call(t.app, 'POST', '/api/courses/assignment/', {
      token: acme.admin.token,
      body: {
        course: course.id,
        title: '',
        max_score: 0,
      },
    });
    expect([bad.statusCode, Object.keys(bad.json().errors).sort()]).toEqual([
      400,
      ['max_score', 'title'],
    ]);
  });

  it('takes a file and text from an enrolled learner, replaces it until graded, and serves the file', async () => {
    const { assignment, learner } = await setup();
    const first = await submit(learner.token, assignment.id, [
      { name: 'text', value: 'Notes' },
      { name: 'file', filename: 'essay.pdf', content: PDF, type: 'application/pdf' },
    ]);
    expect(first.statusCode).toBe(201);
    expect(first.json()).toMatchObject({ file_name: 'essay.pdf', text: 'Notes' });
    const url = first.json().file_url;
    const own = await call(t.app, 'GET', url, { token: learner.token });
    expect(own.statusCode).toBe(200);
    expect(own.headers['content-disposition']).toContain('attachment; filename="essay.pdf"');
    expect(own.headers['x-content-type-options']).toBe('nosniff');
    expect(own.rawPayload.equals(PDF)).toBe(true);
    expect((await call(t.app, 'GET', url, { token: acme.trainer.token })).statusCode).toBe(200);
    expect((await call(t.app, 'GET', url, { token: acme.learner.token })).statusCode).toBe(403);
    expect((await call(t.app, 'GET', url, { token: globex.admin.token })).statusCode).toBe(404);

    const second = await submit(learner.token, assignment.id, [{ name: 'text', value: 'Better' }]);
    expect([second.statusCode, second.json().id, second.json().file_url]).toEqual([
      201,
      first.json().id,
      null,
    ]);
    // The replaced file is gone.
    expect((await call(t.app, 'GET', url, { token: learner.token })).statusCode).toBe(404);

    const graded = await call(t.app, 'POST', `/api/courses/assignment/${assignment.id}/grade/`, {
      token: acme.trainer.token,
      body: {
        user: learner.user.id,
        score: 10,
        feedback: 'Good.',
      },
    });
    expect(graded.json()).toMatchObject({ score: 10, feedback: 'Good.' });
    const late = await submit(learner.token, assignment.id, [{ name: 'text', value: 'Too late' }]);
    expect(late.statusCode).toBe(409);
    const subs = await call(t.app, 'GET', `/api/courses/assignment/${assignment.id}/submissions/`, {
      token: acme.trainer.token,
    });
    expect(subs.json()).toMatchObject({ count: 1, results: [{ text: 'Better', score: 10 }] });
    expect(
      (
        await call(t.app, 'GET', `/api/courses/assignment/${assignment.id}/submissions/`, {
          token: learner.token,
        })
      ).statusCode,
    ).toBe(403);
  });

  it('refuses submissions by users not enrolled, empty ones and disallowed files', async () => {
    const { assignment, learner } = await setup();
    const outsider = await submit(acme.learner.token, assignment.id, [
      { name: 'file', filename: 'essay.pdf', content: PDF },
    ]);
    expect(outsider.statusCode).toBe(403);
    expect(outsider.json().non_field_errors).toEqual([
      'Only learners enrolled in this course can submit assignments.',
    ]);
    expect(
      (await submit(learner.token, assignment.id, [{ name: 'text', value: ' ' }])).statusCode,
    ).toBe(400);
    const exe = await submit(learner.token, assignment.id, [
      { name: 'file', filename: 'run.exe', content: Buffer.from('MZ') },
    ]);
    expect(exe.statusCode).toBe(415);
    const fake = await submit(learner.token, assignment.id, [
      { name: 'file', filename: 'essay.pdf', content: Buffer.from('not a pdf') },
    ]);
    expect(fake.statusCode).toBe(415);
    const wrongField = await submit(learner.token, assignment.id, [
      { name: 'photo', filename: 'a.pdf', content: PDF },
    ]);
    expect(wrongField.statusCode).toBe(400);
    const json = await call(t.app, 'POST', `/api/courses/assignment/${assignment.id}/submit/`, {
      token: learner.token,
      body: { text: 'Plain' },
    });
    expect(json.statusCode).toBe(201);
    expect(
      (
        await call(t.app, 'POST', '/api/courses/assignment/999999/submit/', {
          token: learner.token,
          body: {
            text: 'x',
          },
        })
      ).statusCode,
    ).toBe(404);
  });

  it('grading: course managers only, score at most max_score, a submission must exist', async () => {
    const { assignment, learner } = await setup();
    const url = `/api/courses/assignment/${assignment.id}/grade/`;
    const none = await call(t.app, 'POST', url, {
      token: acme.trainer.token,
      body: {
        user: learner.user.id,
        score: 5,
      },
    });
    expect(none.statusCode).toBe(404);
    await submit(learner.token, assignment.id, [{ name: 'text', value: 'Done' }]);
    const above = await call(t.app, 'POST', url, {
      token: acme.trainer.token,
      body: {
        user: learner.user.id,
        score: 11,
      },
    });
    expect([above.statusCode, Object.keys(above.json().errors)]).toEqual([400, ['score']]);
    expect(
      (
        await call(t.app, 'POST', url, {
          token: acme.trainer.token,
          body: { user: learner.user.id, score: -1 },
        })
      ).statusCode,
    ).toBe(400);
    expect(
      (
        await call(t.app, 'POST', url, {
          token: learner.token,
          body: { user: learner.user.id, score: 10 },
        })
      ).statusCode,
    ).toBe(403);
    expect(
      (
        await call(t.app, 'POST', url, {
          token: globex.admin.token,
          body: { user: learner.user.id, score: 10 },
        })
      ).statusCode,
    ).toBe(404);
    const ok = await call(t.app, 'POST', url, {
      token: acme.admin.token,
      body: {
        user: learner.user.id,
        score: 7,
      },
    });
    expect(ok.json()).toMatchObject({ score: 7, feedback: '' });
    // max_score cannot drop below a grade already given.
    const lower = await call(t.app, 'PATCH', `/api/courses/assignment/${assignment.id}/`, {
      token: acme.trainer.token,
      body: { max_score: 5 },
    });
    expect(lower.statusCode).toBe(400);
  });
});
