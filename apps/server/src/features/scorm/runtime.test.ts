import { ROLE } from '@atrium/contract';
import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../../../test/app.ts';
import { makeOrganisationWithStaff, type Staff, tokenFor } from '../../../test/auth.ts';
import { makeUser } from '../../../test/factories/index.ts';
import { courseUsing, samplePackage, uploadZip } from '../../../test/factories/scorm.ts';
import { api } from '../../../test/http.ts';
import { courseEnrolments, moduleFileProgress } from '../../schema/enrolments.table.ts';

let t: TestApp;
let acme: Staff;
let a: ReturnType<typeof api>;

beforeAll(async () => {
  t = await createTestApp();
  acme = await makeOrganisationWithStaff(t.database.db, t.config, { isDefault: true });
  a = api(t);
});
afterAll(() => t.close());

/** A package in a course of the trainer's with one fresh learner enrolled. */
async function setup(version: '1.2' | '2004', scoId?: string) {
  const up = await uploadZip(t, acme.trainer.token, 'p.zip', await samplePackage(version));
  expect(up.statusCode, up.body).toBe(201);
  const learner = await makeUser(t.database.db, {
    organisationId: acme.org.id,
    roleId: ROLE.LEARNER,
  });
  const token = await tokenFor(t.database.db, t.config, learner, acme.org.id);
  const { course, moduleFile } = await courseUsing(t, acme.org.id, up.json().id, {
    createdBy: acme.trainer.user.id,
    learners: [learner.id],
    scoId,
  });
  const base = `/api/scorm/module-files/${moduleFile.id}`;
  const state = (sco: string, tok = token) => a.get(`${base}/runtime/?sco=${sco}`, tok);
  const commit = (sco: string, cmi: object, session = 'session-1', attempt = 1, tok = token) =>
    a.post(`${base}/runtime/?sco=${sco}&attempt=${attempt}&session=${session}`, tok, { cmi });
  return { learner, token, course, moduleFile, base, state, commit };
}

describe('SCORM 1.2 run-time', () => {
  it('starts ab-initio, stores a commit and resumes at the stored place with the total time', async () => {
    const s = await setup('1.2');
    const first = await s.state('intro');
    expect(first.statusCode, first.body).toBe(200);
    expect(first.json()).toMatchObject({
      tracked: true,
      version: '1.2',
      attempt: 1,
      attempts: 0,
      attempt_completed: false,
      sco: 'intro',
    });
    expect(first.json().cmi.core).toMatchObject({
      entry: 'ab-initio',
      lesson_status: 'not attempted',
      total_time: '0000:00:00',
      student_id: String(s.learner.id),
    });
    const core = { lesson_location: 'page-3', lesson_status: 'incomplete', exit: 'suspend' };
    const c1 = await s.commit('intro', {
      core: { ...core, session_time: '00:01:30' },
      suspend_data: 'abc',
    });
    expect(c1.statusCode, c1.body).toBe(200);
    expect(c1.json()).toMatchObject({
      result: true,
      errorCode: 0,
      sco_status: 'incomplete',
      total_seconds: 90,
    });
    // The same session reports its growing time: replaced, not added.
    const c2 = await s.commit('intro', {
      core: { ...core, session_time: '00:02:00' },
      suspend_data: 'abcd',
    });
    expect(c2.json().total_seconds).toBe(120);
    // A later autocommit with the default 00:00:00 does not lower it.
    const c2b = await s.commit('intro', { core: { session_time: '00:00:00' } });
    expect(c2b.json().total_seconds).toBe(120);
    const resumed = (await s.state('intro')).json();
    expect(resumed.attempts).toBe(1);
    expect(resumed.cmi.core).toMatchObject({
      entry: 'resume',
      lesson_location: 'page-3',
      lesson_status: 'incomplete',
      total_time: '0000:02:00',
    });
    expect(resumed.cmi.suspend_data).toBe('abcd');
    // A new session adds to the total.
    const c3 = await s.commit('intro', { core: { session_time: '00:00:30.5' } }, 'session-2');
    expect(c3.json().total_seconds).toBe(150.5);
    // Time spent reaches the module file's progress.
    const [p] = await t.database.db
      .select()
      .from(moduleFileProgress)
      .where(eq(moduleFileProgress.moduleFileId, s.moduleFile.id));
    expect(p).toMatchObject({ status: 'in_progress', timeSpentSeconds: 150 });
  });

  it('validates the data model on the server', async () => {
    const s = await setup('1.2');
    const bad = async (cmi: object, key: string) => {
      const res = await s.commit('intro', cmi);
      expect(res.statusCode, res.body).toBe(400);
      expect(Object.keys(res.json().errors)).toContain(key);
      expect(res.json().message).toMatch(/^The SCORM data is not valid/);
    };
    await bad({ core: { lesson_status: 'done' } }, 'cmi.core.lesson_status');
    await bad({ core: { score: { raw: '101' } } }, 'cmi.core.score.raw');
    await bad({ core: { score: { raw: 'lots' } } }, 'cmi.core.score.raw');
    await bad({ core: { session_time: 'PT1M' } }, 'cmi.core.session_time');
    await bad({ suspend_data: 'x'.repeat(4097) }, 'cmi.suspend_data');
    await bad(
      { objectives: Array.from({ length: 101 }, (_, i) => ({ id: `o${i}` })) },
      'cmi.objectives',
    );
    await bad({ interactions: { '0': { id: 'q1', type: 'essay' } } }, 'cmi.interactions.0.type');
    const ok = await s.commit('intro', {
      core: {
        score: { raw: '85.5', min: '0', max: '100' },
        lesson_status: 'passed',
        session_time: '00:00:10',
      },
      interactions: { '0': { id: 'q1', type: 'choice', student_response: 'a', result: 'correct' } },
      objectives: { '0': { id: 'o1', status: 'passed', score: { raw: '90' } } },
    });
    expect(ok.statusCode, ok.body).toBe(200);
    const st = (await s.state('intro')).json();
    expect(st.cmi.core.score).toEqual({ raw: '85.5', min: '0', max: '100' });
    expect(st.cmi.objectives).toEqual([{ id: 'o1', status: 'passed', score: { raw: '90' } }]);
    expect(st.scos.find((x: { sco: string }) => x.sco === 'intro')).toMatchObject({
      status: 'passed',
      score_scaled: 0.855,
    });
    expect((await s.state('nope')).statusCode).toBe(404);
    expect((await s.state('chapter')).statusCode).toBe(404);
    expect(
      (await a.post(`${s.base}/runtime/?sco=intro&attempt=1&session=x`, s.token, { cmi: {} }))
        .statusCode,
    ).toBe(400);
  });

  it('completes the module file and the course once every SCO is done, then allows a new attempt', async () => {
    const s = await setup('1.2');
    expect((await a.post(`${s.base}/attempts/`, s.token, {})).statusCode).toBe(409);
    const one = await s.commit('intro', {
      core: { lesson_status: 'completed', session_time: '00:05:00' },
    });
    expect(one.json().package_completed).toBe(false);
    const two = await s.commit('quiz', {
      core: { lesson_status: 'failed', session_time: '00:01:00' },
    });
    expect(two.json().package_completed).toBe(false);
    const three = await s.commit('quiz', {
      core: { lesson_status: 'passed', session_time: '00:02:00' },
    });
    expect(three.json()).toMatchObject({ package_completed: true, sco_status: 'passed' });
    const [enrolment] = await t.database.db
      .select()
      .from(courseEnrolments)
      .where(
        and(eq(courseEnrolments.courseId, s.course.id), eq(courseEnrolments.userId, s.learner.id)),
      );
    expect(enrolment).toMatchObject({ status: 'completed', progressPercent: 100 });
    const [p] = await t.database.db
      .select()
      .from(moduleFileProgress)
      .where(eq(moduleFileProgress.moduleFileId, s.moduleFile.id));
    expect(p).toMatchObject({ status: 'completed', timeSpentSeconds: 420 });
    expect((await s.state('quiz')).json()).toMatchObject({ attempt: 1, attempt_completed: true });

    const next = await a.post(`${s.base}/attempts/`, s.token, {});
    expect(next.statusCode, next.body).toBe(201);
    expect(next.json()).toMatchObject({ module_file: s.moduleFile.id, attempt: 2 });
    const fresh = (await s.state('intro')).json();
    expect(fresh).toMatchObject({ attempt: 2, attempts: 2, attempt_completed: false });
    expect(fresh.cmi.core.entry).toBe('ab-initio');
    // A commit for the finished attempt is refused: the player must reload.
    const stale = await s.commit(
      'intro',
      { core: { lesson_status: 'incomplete' } },
      'session-9',
      1,
    );
    expect(stale.statusCode).toBe(409);
    expect(stale.json().message).toMatch(/attempt 2 is the current one/);
    // The module file stays completed.
    await s.commit('intro', { core: { lesson_status: 'incomplete' } }, 'session-9', 2);
    const [after] = await t.database.db
      .select()
      .from(moduleFileProgress)
      .where(eq(moduleFileProgress.moduleFileId, s.moduleFile.id));
    expect(after!.status).toBe('completed');
  });

  it('records status and time without moving the resume point (a late commit must not pull it back)', async () => {
    const s = await setup('1.2');
    const res = await s.commit('intro', {
      core: { lesson_status: 'incomplete', session_time: '00:01:00' },
    });
    expect(res.statusCode, res.body).toBe(200);
    const [enrolment] = await t.database.db
      .select()
      .from(courseEnrolments)
      .where(
        and(eq(courseEnrolments.courseId, s.course.id), eq(courseEnrolments.userId, s.learner.id)),
      );
    expect(enrolment).toMatchObject({ lastModuleFileId: null, lastModuleId: null });
    const [p] = await t.database.db
      .select()
      .from(moduleFileProgress)
      .where(eq(moduleFileProgress.moduleFileId, s.moduleFile.id));
    expect(p).toMatchObject({ status: 'in_progress', timeSpentSeconds: 60 });
  });

  it('takes the terminate commit as a same-origin beacon (cookie, text/plain, no CSRF header)', async () => {
    const s = await setup('1.2');
    const beacon = (headers: Record<string, string>, cookie = true) =>
      t.app.inject({
        method: 'POST',
        url: `${s.base}/runtime/?sco=intro&attempt=1&session=beacon-001`,
        headers: { 'content-type': 'text/plain;charset=UTF-8', ...headers },
        cookies: cookie ? { token: s.token } : {},
        payload: JSON.stringify({ cmi: { core: { exit: 'suspend', session_time: '00:00:07' } } }),
      });
    const ok = await beacon({ 'sec-fetch-site': 'same-origin', origin: 'http://localhost:80' });
    expect(ok.statusCode, ok.body).toBe(200);
    expect(ok.json().total_seconds).toBe(7);
    expect((await beacon({ origin: 'http://localhost:80' })).statusCode).toBe(200);
    // From another site (or a same-site content origin) the cookie is not even read.
    for (const site of ['cross-site', 'same-site'])
      expect(
        (await beacon({ 'sec-fetch-site': site, origin: 'https://evil.example' })).statusCode,
      ).toBe(401);
    expect((await beacon({ origin: 'https://evil.example' })).statusCode).toBe(403);
    expect((await beacon({})).statusCode).toBe(403);
    expect((await beacon({ 'sec-fetch-site': 'same-origin' }, false)).statusCode).toBe(401);
  });

  it('completes a SCO that finishes without a status, or scores it against the mastery score', async () => {
    const s = await setup('1.2');
    const finish = (sco: string, cmi: object) =>
      a.post(`${s.base}/runtime/?sco=${sco}&attempt=1&session=finish-01&terminate=true`, s.token, {
        cmi,
      });
    expect((await finish('intro', { core: { lesson_status: '' } })).json().sco_status).toBe(
      'completed',
    );
    expect((await s.state('quiz')).json().cmi.student_data).toMatchObject({ mastery_score: '80' });
    expect((await finish('quiz', { core: { score: { raw: '70' } } })).json().sco_status).toBe(
      'failed',
    );
    // No session_time: the run-time's measured total_time gives the session's time.
    const measured = await a.post(
      `${s.base}/runtime/?sco=intro&attempt=1&session=finish-02&terminate=true`,
      s.token,
      { cmi: { core: { total_time: '00:00:45' } } },
    );
    expect(measured.json().total_seconds).toBe(45);
    // Without terminate, an unset status stays unset.
    const s2 = await setup('1.2');
    expect((await s2.commit('intro', { core: {} })).json().sco_status).toBe('not attempted');
  });

  it('needs only the SCO a module file names', async () => {
    const s = await setup('1.2', 'quiz');
    const res = await s.commit('quiz', { core: { lesson_status: 'completed' } });
    expect(res.json().package_completed).toBe(true);
  });

  it('previews for the course manager without tracking, and refuses others', async () => {
    const s = await setup('1.2');
    const preview = await s.state('intro', acme.trainer.token);
    expect(preview.statusCode, preview.body).toBe(200);
    expect(preview.json()).toMatchObject({ tracked: false, attempt: 0 });
    const write = await s.commit('intro', { core: {} }, 'session-1', 1, acme.trainer.token);
    expect(write.statusCode).toBe(403);
    expect(write.json().message).toBe('Only learners enrolled in this course can record progress.');
    expect((await s.state('intro', acme.learner.token)).statusCode).toBe(403);
    const other = await makeOrganisationWithStaff(t.database.db, t.config);
    expect((await s.state('intro', other.admin.token)).statusCode).toBe(404);
  });
});

describe('SCORM 2004 run-time', () => {
  it('validates 2004 elements, keeps success and completion, and adds ISO durations', async () => {
    const s = await setup('2004');
    const init = (await s.state('intro')).json();
    expect(init.cmi).toMatchObject({
      entry: 'ab-initio',
      completion_status: 'unknown',
      success_status: 'unknown',
      total_time: 'PT0S',
    });
    const bad = await s.commit('intro', { score: { scaled: '1.5' } });
    expect(bad.statusCode).toBe(400);
    expect(bad.json().errors).toHaveProperty(['cmi.score.scaled']);
    expect((await s.commit('intro', { session_time: '00:01:00' })).statusCode).toBe(400);
    expect((await s.commit('intro', { completion_status: 'passed' })).statusCode).toBe(400);
    expect((await s.commit('intro', { suspend_data: 'x'.repeat(64_001) })).statusCode).toBe(400);
    const ok = await s.commit('intro', {
      location: 'slide-7',
      completion_status: 'incomplete',
      success_status: 'unknown',
      exit: 'suspend',
      session_time: 'PT1M30S',
      suspend_data: 'y'.repeat(5000),
      score: { scaled: '0.5', raw: '50', min: '0', max: '100' },
      interactions: [
        { id: 'q1', type: 'long-fill-in', learner_response: 'text', result: 'incorrect' },
      ],
    });
    expect(ok.statusCode, ok.body).toBe(200);
    expect(ok.json().sco_status).toBe('incomplete');
    const back = (await s.state('intro')).json();
    expect(back.cmi).toMatchObject({
      entry: 'resume',
      location: 'slide-7',
      total_time: 'PT1M30S',
      score: { scaled: '0.5', raw: '50', min: '0', max: '100' },
      interactions: [
        { id: 'q1', type: 'long-fill-in', learner_response: 'text', result: 'incorrect' },
      ],
    });
    await s.commit(
      'intro',
      { success_status: 'passed', completion_status: 'completed', session_time: 'PT10S' },
      'session-2',
    );
    const done = await s.commit('quiz', { completion_status: 'completed', session_time: 'PT1H' });
    expect(done.json()).toMatchObject({ package_completed: true });
    expect(done.json().scos).toEqual([
      {
        sco: 'intro',
        status: 'passed',
        score_scaled: 0.5,
        total_seconds: 100,
        disabled_reason: null,
      },
      {
        sco: 'quiz',
        status: 'completed',
        score_scaled: null,
        total_seconds: 3600,
        disabled_reason: null,
      },
    ]);
  });
});

describe('SCORM reports', () => {
  it('lists per learner and SCO for the course managers, and answers the track lookup by e-mail', async () => {
    const s = await setup('1.2');
    await s.commit('intro', {
      core: { lesson_status: 'passed', score: { raw: '80' }, session_time: '00:02:00' },
    });
    await s.commit('quiz', { core: { lesson_status: 'incomplete' } });
    const url = `/api/scorm/report/?course=${s.course.id}`;
    const res = await a.get(url, acme.trainer.token);
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json().count).toBe(2);
    expect(res.json().results[0]).toMatchObject({
      user: { id: s.learner.id, email: s.learner.email },
      course: { id: s.course.id },
      module_file: s.moduleFile.id,
      sco: { identifier: 'intro', title: 'Introduction' },
      attempt: 1,
      attempts: 1,
      status: 'passed',
      score: { raw: 80, scaled: 0.8 },
      total_seconds: 120,
    });
    expect((await a.get(`${url}&status=incomplete`, acme.admin.token)).json().count).toBe(1);
    expect((await a.get(`${url}&search=nobody-matches`, acme.admin.token)).json().count).toBe(0);
    expect((await a.get(`${url}&page_size=1`, acme.admin.token)).json().next).toMatch(/page=2/);
    expect((await a.get(url, acme.learner.token)).statusCode).toBe(403);
    const other = await makeOrganisationWithStaff(t.database.db, t.config);
    expect((await a.get(url, other.admin.token)).statusCode).toBe(404);

    const track = (email: string, tok: string) =>
      a.get(`/api/scorm/track/?email=${encodeURIComponent(email)}`, tok);
    const mine = await track(s.learner.email.toUpperCase(), s.token);
    expect(mine.statusCode, mine.body).toBe(200);
    expect(mine.json()).toMatchObject({ count: 2, user: { id: s.learner.id } });
    expect((await track(s.learner.email, acme.admin.token)).json().count).toBe(2);
    expect((await track(s.learner.email, acme.learner.token)).statusCode).toBe(403);
    expect((await track(s.learner.email, other.admin.token)).statusCode).toBe(404);
    expect((await track('nobody@example.com', acme.admin.token)).statusCode).toBe(404);
    expect((await track('not-an-email', acme.admin.token)).statusCode).toBe(400);
  });
});
