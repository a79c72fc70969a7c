import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../../../test/app.ts';
import { makeOrganisationWithStaff, type Staff, signedInLearner } from '../../../test/auth.ts';
import { makeCourse, makeDepartment } from '../../../test/factories/index.ts';
import { api } from '../../../test/http.ts';
import { runInTransaction } from '../../core/db/transaction.ts';
import type { DomainEvents, EventName } from '../../core/events/event-bus.ts';
import { competencyEvidence } from '../../schema/competencies.table.ts';
import { userProfiles } from '../../schema/profiles.table.ts';

/*
 * Evidence from events (a course completion through its link, exactly once however often the
 * event arrives), by hand from staff, the learner's profile, and the admins' gaps per department.
 */

let t: TestApp;
let acme: Staff;
let globex: Staff;
const db = () => t.database.db;
const http = () => api(t);

beforeAll(async () => {
  t = await createTestApp();
  acme = await makeOrganisationWithStaff(db(), t.config);
  globex = await makeOrganisationWithStaff(db(), t.config);
});
afterAll(() => t.close());

async function publish<N extends EventName>(name: N, payload: DomainEvents[N]) {
  await runInTransaction(t.app.ctx.db, t.app.ctx.bus, async (uow) => {
    uow.emit(name, payload);
  });
  await t.app.ctx.jobs.drain();
}

let n = 0;
async function setUp() {
  n += 1;
  const fw = (
    await http().post('/api/competency_framework/', acme.admin.token, { name: `Evidence ${n}` })
  ).json();
  const add = async (code: string) =>
    (
      await http().post('/api/competency/', acme.admin.token, {
        framework_id: fw.id,
        code,
        name: code,
      })
    ).json() as { id: number };
  const safety = await add('SAFE');
  const hygiene = await add('HYG');
  const course = await makeCourse(db(), { organisationId: acme.org.id });
  const link = (competency_id: number, outcome: string, level: number) =>
    http().post('/api/competency_course/', acme.admin.token, {
      competency_id,
      target_type: 'course',
      target_id: course.id,
      outcome,
      level,
    });
  expect((await link(safety.id, 'complete', 3)).statusCode).toBe(201);
  expect((await link(hygiene.id, 'evidence', 2)).statusCode).toBe(201);
  return { fw, safety, hygiene, course };
}

const completion = (courseId: number, userId: number, organisationId = acme.org.id) =>
  publish('course.completed', {
    enrolmentId: 1,
    courseId,
    userId,
    organisationId,
    completedAt: new Date().toISOString(),
  });

describe('evidence from events', () => {
  it('a course completion gives evidence through each link, once however often it arrives', async () => {
    const { safety, hygiene, course } = await setUp();
    const learner = await signedInLearner(t, acme.org.id);
    await completion(course.id, learner.user.id);
    await completion(course.id, learner.user.id);
    const rows = await db()
      .select()
      .from(competencyEvidence)
      .where(eq(competencyEvidence.userId, learner.user.id));
    expect(rows).toHaveLength(2);
    expect(rows.find((r) => r.competencyId === safety.id)).toMatchObject({
      source: 'course',
      sourceId: course.id,
      sourceKey: `course:${course.id}`,
      outcome: 'complete',
      level: 3,
    });

    const profile = await http().get('/api/competency/profile/', learner.token);
    expect(profile.statusCode).toBe(200);
    const byId = Object.fromEntries(
      profile.json().results.map((r: { competency: { id: number } }) => [r.competency.id, r]),
    );
    expect(byId[safety.id]).toMatchObject({ proficiency: 3, expected: null });
    expect(byId[safety.id].evidence).toHaveLength(1);
    // "evidence" outcome: recorded, not rated.
    expect(byId[hygiene.id]).toMatchObject({ proficiency: null });
    expect(profile.json().abilities).toEqual({ add_evidence: false });
  });

  it('an event of another organisation gives nothing', async () => {
    const { course } = await setUp();
    const learner = await signedInLearner(t, globex.org.id);
    await completion(course.id, learner.user.id, globex.org.id);
    const rows = await db()
      .select()
      .from(competencyEvidence)
      .where(eq(competencyEvidence.userId, learner.user.id));
    expect(rows).toEqual([]);
  });
});

describe('evidence by hand and profiles', () => {
  it('trainers and admins record it with a note; learners cannot; profiles are the owner’s and staff’s', async () => {
    const { safety } = await setUp();
    const learner = await signedInLearner(t, acme.org.id);
    const other = await signedInLearner(t, acme.org.id);
    const E = '/api/competency/evidence/';
    const body = { user_id: learner.user.id, competency_id: safety.id, level: 2, note: 'Observed' };
    const res = await http().post(E, acme.trainer.token, { ...body, outcome: 'complete' });
    expect(res.statusCode).toBe(201);
    expect(res.json()).toMatchObject({ source: 'manual', level: 2, note: 'Observed' });
    expect((await http().post(E, acme.learner.token, body)).statusCode).toBe(403);
    expect((await http().post(E, acme.admin.token, { ...body, note: '' })).statusCode).toBe(400);
    expect((await http().post(E, acme.admin.token, { ...body, level: 9 })).statusCode).toBe(400);
    expect((await http().post(E, globex.admin.token, body)).statusCode).toBe(404);

    const seen = await http().get(
      `/api/competency/profile/?user_id=${learner.user.id}`,
      acme.trainer.token,
    );
    expect(seen.statusCode).toBe(200);
    expect(seen.json().abilities).toEqual({ add_evidence: true });
    expect(seen.json().results[0]).toMatchObject({ proficiency: 2 });
    expect(
      (await http().get(`/api/competency/profile/?user_id=${learner.user.id}`, other.token))
        .statusCode,
    ).toBe(404);
    expect(
      (await http().get(`/api/competency/profile/?user_id=${learner.user.id}`, globex.admin.token))
        .statusCode,
    ).toBe(404);
  });
});

describe('gaps', () => {
  it('per department and competency: people under the threshold that applies to them', async () => {
    const { fw, safety, course } = await setUp();
    const ward = await makeDepartment(db(), { organisationId: acme.org.id, name: `Ward ${n}` });
    const lab = await makeDepartment(db(), { organisationId: acme.org.id, name: `Lab ${n}` });
    const people = await Promise.all([1, 2, 3, 4].map(() => signedInLearner(t, acme.org.id)));
    const [w1, w2, l1, l2] = people;
    for (const [p, d] of [
      [w1!, ward],
      [w2!, ward],
      [l1!, lab],
      [l2!, lab],
    ] as const)
      await db()
        .insert(userProfiles)
        .values({ userId: p.user.id, departmentId: d.id })
        .onConflictDoUpdate({ target: userProfiles.userId, set: { departmentId: d.id } });
    const T = '/api/threshold/';
    await http().post(T, acme.admin.token, { competency_id: safety.id, level: 2 });
    await http().post(T, acme.admin.token, {
      competency_id: safety.id,
      department_id: lab.id,
      level: 4,
    });
    // w1 and l1 complete the course: SAFE at level 3 (enough for the ward's 2, not the lab's 4).
    await completion(course.id, w1!.user.id);
    await completion(course.id, l1!.user.id);

    const res = await http().get(`/api/competency/gaps/?framework_id=${fw.id}`, acme.admin.token);
    expect(res.statusCode).toBe(200);
    const cells = res.json().cells;
    expect(cells).toEqual(
      expect.arrayContaining([
        { department_id: ward.id, competency_id: safety.id, people: 2, below: 1 },
        { department_id: lab.id, competency_id: safety.id, people: 2, below: 2 },
      ]),
    );
    expect(res.json().competencies.map((c: { id: number }) => c.id)).toEqual([safety.id]);
    expect(res.json().departments.map((d: { id: number }) => d.id)).toEqual(
      expect.arrayContaining([ward.id, lab.id]),
    );
    expect(
      (await http().get(`/api/competency/gaps/?framework_id=${fw.id}`, acme.trainer.token))
        .statusCode,
    ).toBe(403);
    // The learner's own profile shows the lab's expectation.
    const profile = (await http().get('/api/competency/profile/', l1!.token)).json();
    expect(
      profile.results.find((r: { competency: { id: number } }) => r.competency.id === safety.id),
    ).toMatchObject({ proficiency: 3, expected: 4 });
  });
});
