import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../../../test/app.ts';
import { makeOrganisationWithStaff, type Staff, tokenFor } from '../../../test/auth.ts';
import { enrol, makeCourse, makeUser } from '../../../test/factories/index.ts';
import { call } from '../../../test/http.ts';
import { auditEvents } from '../../schema/audit.table.ts';
import { docx, odt } from './plagiarism.files.ts';

/*
 * Similarity checks over HTTP, with the real queue: learners submit, the jobs run (drain), and a
 * trainer reads the list and the side-by-side detail. A shared paragraph scores high and its
 * passage points at the paragraph in both texts; unrelated work scores near zero; another
 * organisation never sees, nor is compared with, these submissions; learners are refused the
 * staff routes; settings change the threshold and what learners see.
 */

export const ESSAY = `The industrial revolution transformed the economies of Europe during the nineteenth
century. Steam engines replaced water wheels, factories grew around coal fields, and railways
connected markets that had been isolated for centuries. Workers moved from the countryside into
crowded cities where wages were low and hours were long. Reformers campaigned for shorter days,
safer machines and schooling for children, and parliament slowly passed the factory acts.`;
export const PARAGRAPH =
  'Steam engines replaced water wheels, factories grew around coal fields, and railways connected markets that had been isolated for centuries.';
const COPIER = [
  'How villages changed when mills arrived.',
  PARAGRAPH,
  'Families sent children to the towns.',
];
const UNRELATED = `Photosynthesis lets green plants capture light energy with chlorophyll. Inside the
chloroplasts, water is split and carbon dioxide is fixed into sugars through the Calvin cycle.
Oxygen is released as a by-product, which is why forests and oceans matter so much.`;

let t: TestApp;
let acme: Staff;
let globex: Staff;
const CHECKS = '/api/plagiarism/checks/';

beforeAll(async () => {
  t = await createTestApp();
  acme = await makeOrganisationWithStaff(t.database.db, t.config, { isDefault: true });
  globex = await makeOrganisationWithStaff(t.database.db, t.config);
}, 60_000);
afterAll(() => t?.close());

export async function assignmentOf(staff: Staff) {
  const course = await makeCourse(t.database.db, {
    organisationId: staff.org.id,
    createdBy: staff.trainer.user.id,
  });
  const res = await call(t.app, 'POST', '/api/courses/assignment/', {
    token: staff.trainer.token,
    body: { course: course.id, title: 'Essay', instructions: 'Write.', max_score: 10 },
  });
  expect(res.statusCode).toBe(201);
  return { course, assignment: res.json() as { id: number } };
}

async function learnerOf(staff: Staff, courseId: number) {
  const user = await makeUser(t.database.db, { organisationId: staff.org.id });
  await enrol(t.database.db, courseId, user.id);
  return { user, token: await tokenFor(t.database.db, t.config, user, staff.org.id) };
}

async function submit(
  token: string,
  assignmentId: number,
  file: { name: string; content: Buffer },
) {
  const res = await call(t.app, 'POST', `/api/courses/assignment/${assignmentId}/submit/`, {
    token,
    form: [{ name: 'file', filename: file.name, content: file.content }],
  });
  expect(res.statusCode, res.body).toBeLessThan(300);
  return res.json() as { id: number };
}

const get = (url: string, token: string) => call(t.app, 'GET', url, { token });
const checkOf = async (token: string, submission: number) => {
  const page = (await get(`${CHECKS}?page_size=100`, token)).json();
  return page.results.find((c: { submission: number }) => c.submission === submission);
};

describe('similarity checks', () => {
  let a: Awaited<ReturnType<typeof assignmentOf>>;
  const subs: Record<string, number> = {};

  beforeAll(async () => {
    a = await assignmentOf(acme);
    const [first, copier, other] = await Promise.all([
      learnerOf(acme, a.course.id),
      learnerOf(acme, a.course.id),
      learnerOf(acme, a.course.id),
    ]);
    subs.original = (
      await submit(first.token, a.assignment.id, {
        name: 'essay.txt',
        content: Buffer.from(`\uFEFF${ESSAY}`),
      })
    ).id;
    await t.app.ctx.jobs.drain();
    subs.copier = (
      await submit(copier.token, a.assignment.id, {
        name: 'essay.docx',
        content: await docx(COPIER),
      })
    ).id;
    subs.unrelated = (
      await submit(other.token, a.assignment.id, {
        name: 'plants.odt',
        content: await odt(UNRELATED.split('\n')),
      })
    ).id;
    await t.app.ctx.jobs.drain();
  }, 120_000);

  it('scores a shared paragraph high and points the passage at it in both texts', async () => {
    const listed = await checkOf(acme.trainer.token, subs.copier!);
    expect(listed).toMatchObject({ status: 'done', over_threshold: true, match_count: 1 });
    expect(listed.score).toBeGreaterThanOrEqual(40);
    const detail = (await get(`${CHECKS}${listed.id}/`, acme.trainer.token)).json();
    const [match] = detail.matches;
    expect(match.other).toMatchObject({ submission: subs.original });
    expect(match.passages).toHaveLength(1);
    const [p] = match.passages;
    const mine: string = detail.text.slice(p.start, p.end);
    const theirs: string = match.other_text.slice(p.other_start, p.other_end);
    const squash = (s: string) => s.replace(/\s+/g, ' ');
    expect(mine.length).toBeGreaterThan(PARAGRAPH.length * 0.7);
    expect(PARAGRAPH).toContain(squash(mine));
    expect(squash(ESSAY)).toContain(squash(theirs));
    expect(squash(theirs)).toContain(squash(mine).slice(0, 60));
  });

  it('scores unrelated work near zero', async () => {
    const listed = await checkOf(acme.trainer.token, subs.unrelated!);
    expect(listed).toMatchObject({ status: 'done', over_threshold: false, match_count: 0 });
    expect(listed.score).toBeLessThan(5);
  });

  it('keeps organisations apart', async () => {
    const listed = await checkOf(acme.trainer.token, subs.copier!);
    expect((await get(`${CHECKS}${listed.id}/`, globex.admin.token)).statusCode).toBe(404);
    expect(await checkOf(globex.admin.token, subs.copier!)).toBeUndefined();
    // The same essay in another organisation matches nothing of acme's.
    const g = await assignmentOf(globex);
    const learner = await learnerOf(globex, g.course.id);
    const mine = await submit(learner.token, g.assignment.id, {
      name: 'essay.txt',
      content: Buffer.from(ESSAY),
    });
    await t.app.ctx.jobs.drain();
    expect(await checkOf(globex.trainer.token, mine.id)).toMatchObject({
      status: 'done',
      score: 0,
      match_count: 0,
    });
  });

  it('refuses learners the staff routes', async () => {
    const listed = await checkOf(acme.trainer.token, subs.copier!);
    const learner = acme.learner.token;
    expect((await get(CHECKS, learner)).statusCode).toBe(403);
    expect((await get(`${CHECKS}${listed.id}/`, learner)).statusCode).toBe(403);
    const settings = `/api/plagiarism/assignments/${a.assignment.id}/settings/`;
    expect((await get(settings, learner)).statusCode).toBe(403);
  });

  it('records decisions on matches, audited', async () => {
    const listed = await checkOf(acme.trainer.token, subs.copier!);
    const detail = (await get(`${CHECKS}${listed.id}/`, acme.trainer.token)).json();
    const res = await call(t.app, 'PATCH', `/api/plagiarism/matches/${detail.matches[0].id}/`, {
      token: acme.trainer.token,
      body: { decision: 'flagged', note: 'Copied from a classmate.' },
    });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toMatchObject({ decision: 'flagged', note: 'Copied from a classmate.' });
    expect(await checkOf(acme.trainer.token, subs.copier!)).toMatchObject({ flagged: true });
    const flaggedOnly = (await get(`${CHECKS}?flagged=true`, acme.trainer.token)).json();
    expect(flaggedOnly.results.map((c: { id: number }) => c.id)).toEqual([listed.id]);
    const audit = await t.database.db
      .select()
      .from(auditEvents)
      .where(eq(auditEvents.action, 'plagiarism.match_decided'));
    expect(audit).toHaveLength(1);
    const foreign = await call(t.app, 'PATCH', `/api/plagiarism/matches/${detail.matches[0].id}/`, {
      token: globex.admin.token,
      body: { decision: 'acceptable' },
    });
    expect(foreign.statusCode).toBe(404);
  });

  it('applies per-assignment settings: threshold and the learner’s own score', async () => {
    const url = `/api/plagiarism/assignments/${a.assignment.id}/settings/`;
    expect((await get(url, acme.trainer.token)).json()).toEqual({
      assignment: a.assignment.id,
      threshold: 40,
      show_learners: false,
    });
    const bad = await call(t.app, 'PUT', url, {
      token: acme.trainer.token,
      body: { threshold: 0, show_learners: true },
    });
    expect(bad.statusCode).toBe(400);
    expect(bad.json().errors.threshold).toBeDefined();

    const copierCheck = await checkOf(acme.trainer.token, subs.copier!);
    const ownUrl = `/api/plagiarism/submissions/${subs.copier}/score/`;
    const learnerToken = await tokenFor(
      t.database.db,
      t.config,
      { id: copierCheck.learner.id },
      acme.org.id,
    );
    expect((await get(ownUrl, learnerToken)).json()).toEqual({
      submission: subs.copier,
      visible: false,
      status: null,
      score: null,
    });
    const put = await call(t.app, 'PUT', url, {
      token: acme.trainer.token,
      body: { threshold: 95, show_learners: true },
    });
    expect(put.statusCode).toBe(200);
    expect(await checkOf(acme.trainer.token, subs.copier!)).toMatchObject({
      threshold: 95,
      over_threshold: false,
    });
    expect((await get(ownUrl, learnerToken)).json()).toMatchObject({
      visible: true,
      status: 'done',
      score: copierCheck.score,
    });
    // Someone else's submission: 404, even for a learner of the same course.
    expect((await get(ownUrl, acme.learner.token)).statusCode).toBe(404);
  });
});
