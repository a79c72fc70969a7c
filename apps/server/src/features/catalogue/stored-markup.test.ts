import { PLAIN_TEXT_MESSAGE } from '@atrium/contract';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../../../test/app.ts';
import { enrolledLearner, makeOrganisationWithStaff, type Staff } from '../../../test/auth.ts';
import { makeCategory, makeCourse } from '../../../test/factories/index.ts';
import { api, call } from '../../../test/http.ts';
import { multipart } from '../../../test/multipart.ts';
import { expectPlainTextRefused as expectRefused, MARKUP } from '../../../test/plain-text.ts';

/**
 * Issue 11, finding 11: the course description is the only rich-text field and
 * is sanitised; every other text of the slice is plain text and markup in it is
 * refused with a field error in the spec §8 shape.
 */
let t: TestApp;
let acme: Staff;
let a: ReturnType<typeof api>;
beforeAll(async () => {
  t = await createTestApp();
  acme = await makeOrganisationWithStaff(t.database.db, t.config, { isDefault: true });
  a = api(t);
});
afterAll(() => t.close());

const newCourse = (status: 'draft' | 'published' = 'published') =>
  makeCourse(t.database.db, {
    organisationId: acme.org.id,
    createdBy: acme.trainer.user.id,
    status,
  });

describe('rich text: the course description', () => {
  it('keeps what the editor writes and drops scripts, handlers and unsafe links', async () => {
    const res = await a.post('/api/courses/', acme.trainer.token, {
      title: 'Markup course',
      description:
        '<h2 onclick="x()">Goals</h2><ol start="3"><li><p>Three</p></li></ol>' +
        '<pre><code class="language-js">let a;</code></pre><iframe src="https://evil.example/"></iframe>' +
        '<p><a href="//evil.example/">far</a> <a href="javascript:alert(1)">js</a><script>alert(1)</script></p>',
    });
    expect(res.statusCode, res.body).toBe(201);
    expect(res.json().description).toBe(
      '<h2>Goals</h2><ol start="3"><li><p>Three</p></li></ol>' +
        '<pre><code class="language-js">let a;</code></pre>' +
        '<p><a rel="noopener noreferrer nofollow ugc">far</a> <a rel="noopener noreferrer nofollow ugc">js</a></p>',
    );
  });

  it('refuses markup in the course title and tags', async () => {
    expectRefused(await a.post('/api/courses/', acme.trainer.token, { title: MARKUP }), 'title');
    expectRefused(
      await a.post('/api/courses/', acme.trainer.token, { title: 'Ok', tags: ['<b>x</b>'] }),
      'tags.0',
    );
  });
});

describe('plain text in the courses slice refuses markup', () => {
  it('FAQ question and answer', async () => {
    const course = await newCourse();
    const url = '/api/courses/faq/';
    const faq = { course: course.id, question: 'Q?', answer: 'A.' };
    expectRefused(
      await call(t.app, 'POST', url, {
        token: acme.trainer.token,
        body: { ...faq, answer: MARKUP },
      }),
      'answer',
    );
    const ok = await call(t.app, 'POST', url, { token: acme.trainer.token, body: faq });
    expect(ok.statusCode).toBe(201);
    expectRefused(
      await call(t.app, 'PATCH', `${url}${ok.json().id}/`, {
        token: acme.trainer.token,
        body: {
          question: '<script>alert(1)</script>',
        },
      }),
      'question',
    );
  });

  it('review comment', async () => {
    const course = await newCourse();
    const learner = await enrolledLearner(t, course);
    const res = await call(t.app, 'POST', '/api/courses/reviews/', {
      token: learner.token,
      body: {
        course: course.id,
        rating: 4,
        comment: MARKUP,
      },
    });
    expectRefused(res, 'comment');
    // "<3" is not markup: the same learner may still post it.
    const ok = await call(t.app, 'POST', '/api/courses/reviews/', {
      token: learner.token,
      body: {
        course: course.id,
        rating: 5,
        comment: 'Great course <3',
      },
    });
    expect(ok.statusCode, ok.body).toBe(201);
    expect(ok.json().review.comment).toBe('Great course <3');
  });

  it('discussion question and answer', async () => {
    const course = await newCourse();
    const learner = await enrolledLearner(t, course);
    const qUrl = '/api/courses/course-discussion-question/';
    expectRefused(
      await call(t.app, 'POST', qUrl, {
        token: learner.token,
        body: { course: course.id, body: MARKUP },
      }),
      'body',
    );
    const q = await call(t.app, 'POST', qUrl, {
      token: learner.token,
      body: { course: course.id, body: 'Why?' },
    });
    expect(q.statusCode, q.body).toBe(201);
    expectRefused(
      await call(t.app, 'POST', '/api/courses/course-discussion-answer/', {
        token: acme.trainer.token,
        body: {
          question: q.json().id,
          body: '<a href="https://evil.example/">see here</a>',
        },
      }),
      'body',
    );
  });

  it('assignment title and instructions, submission text and feedback', async () => {
    const course = await newCourse();
    const url = '/api/courses/assignment/';
    expectRefused(
      await call(t.app, 'POST', url, {
        token: acme.trainer.token,
        body: { course: course.id, title: MARKUP },
      }),
      'title',
    );
    expectRefused(
      await call(t.app, 'POST', url, {
        token: acme.trainer.token,
        body: {
          course: course.id,
          title: 'Essay',
          instructions: '<p>Write</p>',
        },
      }),
      'instructions',
    );
    const created = await call(t.app, 'POST', url, {
      token: acme.trainer.token,
      body: {
        course: course.id,
        title: 'Essay',
      },
    });
    expect(created.statusCode, created.body).toBe(201);
    const id = created.json().id;

    const learner = await enrolledLearner(t, course);
    const form = multipart([{ name: 'text', value: MARKUP }]);
    expectRefused(
      await t.app.inject({
        method: 'POST',
        url: `${url}${id}/submit/`,
        payload: form.payload,
        headers: { ...form.headers, authorization: `Token ${learner.token}` },
      }),
      'text',
    );
    const plain = multipart([{ name: 'text', value: 'My essay' }]);
    const submitted = await t.app.inject({
      method: 'POST',
      url: `${url}${id}/submit/`,
      payload: plain.payload,
      headers: { ...plain.headers, authorization: `Token ${learner.token}` },
    });
    expect(submitted.statusCode, submitted.body).toBe(201);
    expectRefused(
      await call(t.app, 'POST', `${url}${id}/grade/`, {
        token: acme.trainer.token,
        body: {
          user: learner.user.id,
          score: 5,
          feedback: '<b>Good</b>',
        },
      }),
      'feedback',
    );
  });

  it('module title and description', async () => {
    const course = await newCourse('draft');
    const base = `/api/courses/${course.id}/modules/`;
    expectRefused(await a.post(base, acme.trainer.token, { title: MARKUP }), 'title');
    expectRefused(
      await a.post(base, acme.trainer.token, { title: 'Intro', description: '<i>x</i>' }),
      'description',
    );
    const ok = await a.post(base, acme.trainer.token, { title: 'Intro', description: 'a < b' });
    expect(ok.statusCode, ok.body).toBe(201);
    expectRefused(
      await a.patch(`/api/courses/modules/${ok.json().id}/`, acme.trainer.token, {
        title: '</h1>',
      }),
      'title',
    );
  });

  it('category description (JSON and multipart)', async () => {
    expectRefused(
      await a.post('/api/courses/categories/', acme.admin.token, {
        name: 'Markup',
        description: MARKUP,
      }),
      'description',
    );
    const category = await makeCategory(t.database.db, {
      organisationId: acme.org.id,
      name: 'Plain',
    });
    expectRefused(
      await a.form('PATCH', `/api/courses/categories/${category.id}/`, acme.admin.token, [
        { name: 'description', value: '<!-- hidden -->' },
      ]),
      'description',
    );
  });

  it('course import: markup in a module is reported, the description is sanitised', async () => {
    const upload = (csv: string) =>
      a.form('POST', '/api/courses/course_import_by_file_upload/', acme.admin.token, [
        { name: 'file', filename: 'courses.csv', content: Buffer.from(csv) },
      ]);
    const header = 'course_title,description,module_title,module_description';
    const bad = await upload(`${header}\nImported,,<b>Intro</b>,<i>x</i>\n`);
    expect(bad.statusCode, bad.body).toBe(400);
    expect(bad.json().errors['row 2']).toEqual([
      `module_title: ${PLAIN_TEXT_MESSAGE}`,
      `module_description: ${PLAIN_TEXT_MESSAGE}`,
    ]);
    const ok = await upload(
      `${header}\nImported,"<p onclick=""x()"">Hi</p><script>alert(1)</script>",Intro,\n`,
    );
    expect(ok.statusCode, ok.body).toBe(201);
    const found = await a.get('/api/courses/?search=Imported', acme.admin.token);
    expect(found.statusCode, found.body).toBe(200);
    const imported = found
      .json()
      .results.find((c: { title: string }) => c.title === 'Imported') as { description: string };
    expect(imported.description).toBe('<p>Hi</p>');
  });

  it('course texts of the organisation', async () => {
    const res = await a.post('/api/courses/course-configuration-text/', acme.admin.token, {
      catalogue_intro: '<script>alert(1)</script>',
    });
    expectRefused(res, 'catalogue_intro');
  });
});
