import { ROLE } from '@atrium/contract';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../../../test/app.ts';
import {
  makeOrganisationWithStaff,
  type SignedIn,
  type Staff,
  signedIn,
} from '../../../test/auth.ts';
import {
  makeAssessment,
  makeDepartment,
  makeQuestion,
  makeUser,
} from '../../../test/factories/index.ts';
import { placeUser } from '../../../test/factories/learning-path-enrolments.ts';
import { api } from '../../../test/http.ts';
import { runInTransaction } from '../../core/db/transaction.ts';
import { eventOutbox } from '../../core/events/outbox.table.ts';
import { announceAssignments } from './assignment-notices.ts';

let t: TestApp;
let acme: Staff;
let globex: Staff;
let trainer2: SignedIn;
let a: ReturnType<typeof api>;

beforeAll(async () => {
  t = await createTestApp();
  acme = await makeOrganisationWithStaff(t.database.db, t.config, { isDefault: true });
  globex = await makeOrganisationWithStaff(t.database.db, t.config);
  trainer2 = await signedIn(t, { organisationId: acme.org.id, roleId: ROLE.TRAINER });
  a = api(t);
});
afterAll(() => t.close());

const db = () => t.database.db;
const ASSIGN = '/api/assessment/assessment_assign_user/';
const OVERRIDE = '/api/assessment/override/';
const REVIEWER = '/api/assessment/reviewer/';
const MESSAGE = '/api/assessment/assessment_message/';
const mine = () =>
  makeAssessment(db(), { organisationId: acme.org.id, createdBy: acme.trainer.user.id });
const learner = () => makeUser(db(), { organisationId: acme.org.id, roleId: ROLE.LEARNER });

/** The users each `assessment.assigned` event of this assessment named, in order. */
async function assignedEvents(assessmentId: number): Promise<number[][]> {
  const rows = await db()
    .select({ payload: eventOutbox.payload })
    .from(eventOutbox)
    .where(
      sql`${eventOutbox.name} = 'assessment.assigned' and (${eventOutbox.payload}->>'assessmentId')::int = ${assessmentId}`,
    )
    .orderBy(eventOutbox.id);
  return rows.map((r) => [...(r.payload.userIds as number[])].sort((x, y) => x - y));
}

describe('assignments', () => {
  it('assigns learners and departments once; only newly covered learners are told', async () => {
    const x = await mine();
    const [l1, l2, l3] = [await learner(), await learner(), await learner()];
    const dept = await makeDepartment(db(), { organisationId: acme.org.id, name: 'Warehouse' });
    await placeUser(db(), l2.id, { departmentId: dept.id });
    await placeUser(db(), l3.id, { departmentId: dept.id });

    const first = await a.post(ASSIGN, acme.trainer.token, {
      assessment: x.id,
      users: [l1.id, l2.id],
    });
    expect(first.statusCode, first.body).toBe(201);
    expect(first.json()).toEqual({ added: 2 });
    const again = await a.post(ASSIGN, acme.trainer.token, {
      assessment: x.id,
      users: [l1.id],
      departments: [dept.id],
    });
    expect(again.json()).toEqual({ added: 1 });
    // l2 was covered already by name: the department adds only l3.
    expect(await assignedEvents(x.id)).toEqual([[l1.id, l2.id].sort((p, q) => p - q), [l3.id]]);
    const idle = await a.post(ASSIGN, acme.trainer.token, { assessment: x.id, users: [l1.id] });
    expect(idle.json()).toEqual({ added: 0 });
    expect(await assignedEvents(x.id)).toHaveLength(2);

    const list = (await a.get(`${ASSIGN}?assessment=${x.id}`, trainer2.token)).json();
    expect(list.count).toBe(3);
    const deptRow = list.results.find((r: { department: unknown }) => r.department);
    expect(deptRow).toMatchObject({
      department: { id: dept.id, name: 'Warehouse' },
      learners: 2,
      user: null,
    });
    const summary = (await a.get(`/api/assessment/${x.id}/`, acme.trainer.token)).json();
    expect(summary.assigned_count).toBe(3);

    const ids = list.results
      .filter((r: { user: unknown }) => r.user)
      .map((r: { id: number }) => r.id);
    expect(
      (await a.del(`${ASSIGN}?assessment=${x.id}&ids=${ids.join(',')}`, trainer2.token)).statusCode,
    ).toBe(403);
    expect(
      (await a.del(`${ASSIGN}?assessment=${x.id}&ids=${ids.join(',')}`, acme.trainer.token))
        .statusCode,
    ).toBe(204);
    expect((await a.get(`${ASSIGN}?assessment=${x.id}`, acme.trainer.token)).json().count).toBe(1);
  });

  it('refuses users and departments of another organisation, writing nothing', async () => {
    const x = await mine();
    const l1 = await learner();
    const theirDept = await makeDepartment(db(), { organisationId: globex.org.id });
    const res = await a.post(ASSIGN, acme.trainer.token, {
      assessment: x.id,
      users: [l1.id, globex.learner.user.id],
      departments: [theirDept.id],
    });
    expect(res.statusCode).toBe(400);
    expect(res.json().errors.users[0]).toContain(String(globex.learner.user.id));
    expect(res.json().errors.departments[0]).toContain(String(theirDept.id));
    expect((await a.get(`${ASSIGN}?assessment=${x.id}`, acme.trainer.token)).json().count).toBe(0);
    const other = await a.del(`${ASSIGN}?assessment=${x.id}&ids=999999`, acme.trainer.token);
    expect(other.statusCode).toBe(400);
    const huge = await a.del(`${ASSIGN}?assessment=${x.id}&ids=99999999999`, acme.trainer.token);
    expect(huge.statusCode).toBe(400);
  });

  it('a colleague may not assign (403); another organisation may not see (404)', async () => {
    const x = await mine();
    const body = { assessment: x.id, users: [acme.learner.user.id] };
    expect((await a.post(ASSIGN, trainer2.token, body)).statusCode).toBe(403);
    expect((await a.post(ASSIGN, globex.admin.token, body)).statusCode).toBe(404);
    expect((await a.get(`${ASSIGN}?assessment=${x.id}`, globex.admin.token)).statusCode).toBe(404);
    expect((await a.get(`${ASSIGN}?assessment=${x.id}`, acme.learner.token)).statusCode).toBe(403);
  });
});

describe('overrides', () => {
  it('one per learner or department; dates checked against what is stored', async () => {
    const x = await mine();
    const l1 = await learner();
    const add = await a.post(OVERRIDE, acme.trainer.token, {
      assessment: x.id,
      user: l1.id,
      extra_seconds: 600,
      opens_at: '2030-01-10T09:00:00Z',
    });
    expect(add.statusCode, add.body).toBe(201);
    expect(add.json()).toMatchObject({ user: { id: l1.id }, extra_seconds: 600, department: null });
    const dup = await a.post(OVERRIDE, acme.trainer.token, { assessment: x.id, user: l1.id });
    expect(dup.statusCode).toBe(409);
    const early = await a.patch(`${OVERRIDE}${add.json().id}/`, acme.trainer.token, {
      closes_at: '2030-01-09T09:00:00Z',
    });
    expect(early.statusCode).toBe(400);
    expect(early.json().errors.closes_at).toBeDefined();
    const ok = await a.patch(`${OVERRIDE}${add.json().id}/`, acme.trainer.token, {
      closes_at: '2030-01-11T09:00:00Z',
      attempts_allowed: 3,
    });
    expect(ok.json()).toMatchObject({ attempts_allowed: 3, extra_seconds: 600 });
    const both = await a.post(OVERRIDE, acme.trainer.token, {
      assessment: x.id,
      user: l1.id,
      department: 1,
    });
    expect(both.statusCode).toBe(400);
    const stranger = await a.post(OVERRIDE, acme.trainer.token, {
      assessment: x.id,
      user: globex.learner.user.id,
    });
    expect(stranger.statusCode).toBe(400);
    expect((await a.get(`${OVERRIDE}?assessment=${x.id}`, trainer2.token)).json()).toHaveLength(1);
    expect((await a.del(`${OVERRIDE}${add.json().id}/`, trainer2.token)).statusCode).toBe(403);
    expect((await a.del(`${OVERRIDE}${add.json().id}/`, globex.admin.token)).statusCode).toBe(404);
    expect((await a.del(`${OVERRIDE}${add.json().id}/`, acme.trainer.token)).statusCode).toBe(204);
  });
});

describe('reviewers', () => {
  it('trainers and admins of the organisation only; a reviewer may then report and grade', async () => {
    const x = await mine();
    const res = await a.post(REVIEWER, acme.trainer.token, {
      assessment: x.id,
      users: [trainer2.user.id, acme.learner.user.id, globex.trainer.user.id],
    });
    expect(res.statusCode).toBe(400);
    expect(res.json().errors.users[0]).toContain(String(acme.learner.user.id));
    expect(res.json().errors.users[0]).toContain(String(globex.trainer.user.id));
    const ok = await a.post(REVIEWER, acme.trainer.token, {
      assessment: x.id,
      users: [trainer2.user.id],
    });
    expect(ok.statusCode).toBe(201);
    expect(ok.json()).toEqual([
      { id: trainer2.user.id, fullname: expect.any(String), email: trainer2.user.email },
    ]);
    const seen = (await a.get(`/api/assessment/${x.id}/`, trainer2.token)).json();
    expect(seen.abilities).toMatchObject({ edit: false, report: true, grade: true });
    const remove = `${REVIEWER}?assessment=${x.id}&user=${trainer2.user.id}`;
    expect((await a.del(remove, trainer2.token)).statusCode).toBe(403);
    expect((await a.del(remove, acme.trainer.token)).statusCode).toBe(204);
    expect((await a.del(remove, acme.trainer.token)).statusCode).toBe(404);
    expect((await a.get(`${REVIEWER}?assessment=${x.id}`, acme.trainer.token)).json()).toEqual([]);
  });
});

describe('feedback bands', () => {
  it('replaces the bands, sanitised; a band of markup only is refused', async () => {
    const x = await mine();
    const save = (bands: unknown) =>
      a.post(MESSAGE, acme.trainer.token, { assessment: x.id, bands });
    const res = await save([
      { min_percent: 80, message: '<p>Great <script>x()</script>work</p>' },
      { min_percent: 0, message: 'Try again' },
    ]);
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json()).toEqual([
      { min_percent: 0, message: 'Try again' },
      { min_percent: 80, message: '<p>Great work</p>' },
    ]);
    expect((await save([{ min_percent: 50, message: 'Half' }])).json()).toHaveLength(1);
    const blank = await save([{ min_percent: 10, message: '<script>x()</script>' }]);
    expect(blank.statusCode).toBe(400);
    expect(blank.json().errors['bands.0.message']).toBeDefined();
    const twice = await save([
      { min_percent: 10, message: 'a' },
      { min_percent: 10, message: 'b' },
    ]);
    expect(twice.statusCode).toBe(400);
    expect((await a.get(`${MESSAGE}?assessment=${x.id}`, trainer2.token)).json()).toEqual([
      { min_percent: 50, message: 'Half' },
    ]);
    expect(
      (await a.post(MESSAGE, trainer2.token, { assessment: x.id, bands: [] })).statusCode,
    ).toBe(403);
    expect((await a.get(`${MESSAGE}?assessment=${x.id}`, globex.trainer.token)).statusCode).toBe(
      404,
    );
  });
});

describe('events', () => {
  it('an empty department is assigned without telling anyone', async () => {
    const x = await mine();
    const dept = await makeDepartment(db(), { organisationId: acme.org.id });
    const res = await a.post(ASSIGN, acme.trainer.token, {
      assessment: x.id,
      departments: [dept.id],
    });
    expect(res.json()).toEqual({ added: 1 });
    expect(await assignedEvents(x.id)).toEqual([]);
  });
});

describe('who hears of an assessment', () => {
  /** One run of the audience job's work at `now`; how many learners it told. */
  const audienceRun = (now = new Date()) =>
    runInTransaction(t.app.ctx.db, t.app.ctx.bus, (uow) => announceAssignments(uow, now));

  it('a draft assigned ahead tells nobody; publishing tells everyone it covers, once', async () => {
    const q = await makeQuestion(db(), { organisationId: acme.org.id, createdBy: null });
    const draft = await makeAssessment(db(), {
      organisationId: acme.org.id,
      createdBy: acme.trainer.user.id,
      status: 'draft',
      questionIds: [q.id],
    });
    const [l1, l2] = [await learner(), await learner()];
    const dept = await makeDepartment(db(), { organisationId: acme.org.id });
    await placeUser(db(), l2.id, { departmentId: dept.id });
    await a.post(ASSIGN, acme.trainer.token, {
      assessment: draft.id,
      users: [l1.id],
      departments: [dept.id],
    });
    expect(await assignedEvents(draft.id)).toEqual([]);
    expect(await audienceRun()).toBe(0);

    const one = `/api/assessment/${draft.id}/`;
    const published = await a.put(one, acme.trainer.token, { status: 'published' });
    expect(published.statusCode, published.body).toBe(200);
    expect(await assignedEvents(draft.id)).toEqual([[l1.id, l2.id].sort((x, y) => x - y)]);
    // Unpublished and published again: nobody hears of it twice.
    await a.put(one, acme.trainer.token, { status: 'draft' });
    await a.put(one, acme.trainer.token, { status: 'published' });
    expect(await assignedEvents(draft.id)).toHaveLength(1);
  });

  it('a department’s later members are told by the audience job, once; not after the close', async () => {
    const open = await mine();
    const closed = await makeAssessment(db(), {
      organisationId: acme.org.id,
      createdBy: acme.trainer.user.id,
      settings: { closesAt: new Date(Date.now() + 3600_000) },
    });
    const dept = await makeDepartment(db(), { organisationId: acme.org.id });
    const first = await learner();
    await placeUser(db(), first.id, { departmentId: dept.id });
    for (const x of [open, closed]) {
      await a.post(ASSIGN, acme.trainer.token, { assessment: x.id, departments: [dept.id] });
    }
    expect(await assignedEvents(open.id)).toEqual([[first.id]]);

    const [later, inactive, outsider] = [await learner(), await learner(), await learner()];
    await placeUser(db(), later.id, { departmentId: dept.id });
    await placeUser(db(), inactive.id, { departmentId: dept.id });
    await db().execute(sql`update users set is_active = false where id = ${inactive.id}`);
    // Joined the department's organisation's profile table, but a member elsewhere only.
    await db().execute(
      sql`delete from memberships where user_id = ${outsider.id} and organisation_id = ${acme.org.id}`,
    );
    await placeUser(db(), outsider.id, { departmentId: dept.id });

    // Two hours on, the second assessment has closed: only the open one tells its newcomer.
    const later2h = new Date(Date.now() + 2 * 3600_000);
    const told = await audienceRun(later2h);
    expect(told).toBe(1);
    expect(await assignedEvents(open.id)).toEqual([[first.id], [later.id]]);
    expect(await assignedEvents(closed.id)).toEqual([[first.id]]);
    const [event] = await db()
      .select({ payload: eventOutbox.payload })
      .from(eventOutbox)
      .where(
        sql`${eventOutbox.name} = 'assessment.assigned' and (${eventOutbox.payload}->>'userIds')::jsonb = ${JSON.stringify([later.id])}::jsonb`,
      );
    expect(event?.payload).toMatchObject({ organisationId: acme.org.id, assignedBy: null });
    expect(await audienceRun(later2h)).toBe(0);
  });
});
