import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../../../test/app.ts';
import { makeOrganisationWithStaff, type Staff } from '../../../test/auth.ts';
import { api } from '../../../test/http.ts';
import { feedback } from '../../schema/support.table.ts';

/*
 * Feedback over HTTP: a signed-in person rates the product or a page; bad ratings, paths and
 * comments are refused; admins list their organisation's (superadmins all) with filters and the
 * average, and export the same as CSV; nobody else reads it.
 */

let t: TestApp;
let http: ReturnType<typeof api>;
let acme: Staff;
let globex: Staff;

const FEEDBACK = '/api/support/feedback/';
const EXPORT = '/api/support/feedback/export/';

beforeAll(async () => {
  t = await createTestApp();
  http = api(t);
  acme = await makeOrganisationWithStaff(t.database.db, t.config);
  globex = await makeOrganisationWithStaff(t.database.db, t.config);
  await http.post(FEEDBACK, acme.learner.token, { rating: 5, page: '/courses', comment: 'Great' });
  await http.post(FEEDBACK, acme.trainer.token, { rating: 2, comment: '=HYPERLINK("x")' });
  await http.post(FEEDBACK, globex.learner.token, { rating: 1, comment: 'Globex only' });
}, 60_000);
afterAll(() => t?.close());

describe('giving feedback', () => {
  it('creates a rating about a page or the product', async () => {
    const res = await http.post(FEEDBACK, acme.learner.token, {
      rating: 4,
      page: '/dashboard?tab=1',
      comment: '  Useful  ',
    });
    expect(res.statusCode).toBe(201);
    expect(res.json()).toMatchObject({
      rating: 4,
      page: '/dashboard?tab=1',
      comment: 'Useful',
      organisation_id: acme.org.id,
      user: { id: acme.learner.user.id },
    });
    const product = await http.post(FEEDBACK, acme.learner.token, { rating: 3 });
    expect(product.json()).toMatchObject({ page: null, comment: '' });
    await t.database.db.delete(feedback).execute();
    // Put back what the other tests count on.
    await http.post(FEEDBACK, acme.learner.token, {
      rating: 5,
      page: '/courses',
      comment: 'Great',
    });
    await http.post(FEEDBACK, acme.trainer.token, { rating: 2, comment: '=HYPERLINK("x")' });
    await http.post(FEEDBACK, globex.learner.token, { rating: 1, comment: 'Globex only' });
  });

  it('refuses bad input with 400 and the signed out with 401', async () => {
    for (const body of [
      { rating: 0 },
      { rating: 6 },
      { rating: 2.5 },
      {},
      { rating: 3, page: 'https://evil.example/' },
      { rating: 3, page: '//evil.example/' },
      { rating: 3, comment: 'c'.repeat(2_001) },
      { rating: 3, comment: '<b>bold</b>' },
    ]) {
      expect((await http.post(FEEDBACK, acme.learner.token, body)).statusCode).toBe(400);
    }
    const anonymous = await t.app.inject({ method: 'POST', url: FEEDBACK, payload: { rating: 3 } });
    expect(anonymous.statusCode).toBe(401);
  });
});

describe('the admins’ list', () => {
  it('lists the organisation’s feedback with its average, and filters it', async () => {
    const res = await http.get(FEEDBACK, acme.admin.token);
    expect(res.statusCode).toBe(200);
    const page = res.json();
    expect(page.count).toBe(2);
    expect(page.average).toBe(3.5);
    expect(page.results.map((r: { comment: string }) => r.comment)).not.toContain('Globex only');

    const fives = (await http.get(`${FEEDBACK}?rating=5`, acme.admin.token)).json();
    expect(fives).toMatchObject({ count: 1, average: 5 });
    const today = new Date().toISOString().slice(0, 10);
    const inRange = (
      await http.get(`${FEEDBACK}?from=${today}&to=${today}`, acme.admin.token)
    ).json();
    expect(inRange.count).toBe(2);
    const past = (await http.get(`${FEEDBACK}?to=2000-01-01`, acme.admin.token)).json();
    expect(past).toMatchObject({ count: 0, average: null });
    expect((await http.get(`${FEEDBACK}?rating=9`, acme.admin.token)).statusCode).toBe(400);
  });

  it('shows a superadmin every organisation’s feedback', async () => {
    const page = (await http.get(FEEDBACK, acme.superadmin.token)).json();
    expect(page.count).toBe(3);
  });

  it('refuses learners and trainers', async () => {
    expect((await http.get(FEEDBACK, acme.learner.token)).statusCode).toBe(403);
    expect((await http.get(FEEDBACK, acme.trainer.token)).statusCode).toBe(403);
    expect((await http.get(EXPORT, acme.trainer.token)).statusCode).toBe(403);
  });

  it('exports the filtered feedback as CSV, formulas neutralised, own organisation only', async () => {
    const res = await http.get(EXPORT, acme.admin.token);
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toMatch(/text\/csv/);
    expect(res.headers['content-disposition']).toContain('feedback.csv');
    const lines = res.body
      .replace(/^\uFEFF/, '')
      .trim()
      .split('\n');
    expect(lines[0]).toBe('Date,Organisation,User,Rating,Page,Comment');
    expect(lines).toHaveLength(3);
    expect(res.body).toContain('/courses');
    expect(res.body).toContain(`'=HYPERLINK`);
    expect(res.body).not.toContain('Globex only');

    const filtered = await http.get(`${EXPORT}?rating=2`, acme.admin.token);
    expect(filtered.body.trim().split('\n')).toHaveLength(2);
  });
});
