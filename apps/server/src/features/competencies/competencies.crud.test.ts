import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../../../test/app.ts';
import { makeOrganisationWithStaff, type Staff } from '../../../test/auth.ts';
import { makeCourse, makeDepartment } from '../../../test/factories/index.ts';
import { api } from '../../../test/http.ts';
import { auditEvents } from '../../schema/audit.table.ts';

/*
 * Frameworks, the tree, thresholds and links over HTTP: who may read and write, the checks
 * (codes unique per framework, moves that would make a cycle, levels on the scale, targets of the
 * organisation) and deletes refused while something hangs on a competency.
 */

let t: TestApp;
let acme: Staff;
let globex: Staff;
const http = () => api(t);
const FW = '/api/competency_framework/';
const COMP = '/api/competency/';

beforeAll(async () => {
  t = await createTestApp();
  acme = await makeOrganisationWithStaff(t.database.db, t.config);
  globex = await makeOrganisationWithStaff(t.database.db, t.config);
});
afterAll(() => t.close());

let n = 0;
async function framework(token = acme.admin.token, body: object = {}) {
  n += 1;
  const res = await http().post(FW, token, { name: `Framework ${n}`, ...body });
  expect(res.statusCode).toBe(201);
  return res.json() as { id: number; scale: { level: number; name: string }[] };
}
async function competency(frameworkId: number, code: string, parentId: number | null = null) {
  const res = await http().post(COMP, acme.admin.token, {
    framework_id: frameworkId,
    parent_id: parentId,
    code,
    name: `Competency ${code}`,
  });
  expect(res.statusCode).toBe(201);
  return res.json() as { id: number };
}

describe('frameworks', () => {
  it('admins create one with the default scale; members read it, learners too (their profile is there)', async () => {
    const fw = await framework();
    expect(fw.scale.map((l) => l.name)).toEqual(['Aware', 'Practitioner', 'Advanced', 'Expert']);
    const list = await http().get(FW, acme.trainer.token);
    expect(list.statusCode).toBe(200);
    expect(list.json().abilities).toEqual({ create: false });
    expect(list.json().results.some((f: { id: number }) => f.id === fw.id)).toBe(true);
    const learners = await http().get(FW, acme.learner.token);
    expect(learners.statusCode).toBe(200);
    expect(learners.json().abilities).toEqual({ create: false });
    expect((await http().post(FW, acme.trainer.token, { name: 'Nope' })).statusCode).toBe(403);
    expect((await http().get(`${FW}${fw.id}/`, globex.admin.token)).statusCode).toBe(404);
    expect(
      (await http().patch(`${FW}${fw.id}/`, globex.admin.token, { name: 'X' })).statusCode,
    ).toBe(404);
  });

  it('names are unique per organisation, case-insensitively (409); a scale is numbered 1..n', async () => {
    await http().post(FW, acme.admin.token, { name: 'Leadership' });
    const dup = await http().post(FW, acme.admin.token, { name: 'LEADERSHIP' });
    expect(dup.statusCode).toBe(409);
    expect(dup.json().errors.name).toBeDefined();
    expect((await http().post(FW, globex.admin.token, { name: 'Leadership' })).statusCode).toBe(
      201,
    );
    const bad = await http().post(FW, acme.admin.token, {
      name: 'Bad scale',
      scale: [
        { level: 2, name: 'Two' },
        { level: 1, name: 'One' },
      ],
    });
    expect(bad.statusCode).toBe(400);
    expect(bad.json().errors.scale).toBeDefined();
  });

  it('a scale cannot shrink below a level in use', async () => {
    const fw = await framework();
    const c = await competency(fw.id, 'S1');
    expect(
      (await http().post('/api/threshold/', acme.admin.token, { competency_id: c.id, level: 4 }))
        .statusCode,
    ).toBe(201);
    const shrink = await http().patch(`${FW}${fw.id}/`, acme.admin.token, {
      scale: [
        { level: 1, name: 'Low' },
        { level: 2, name: 'High' },
      ],
    });
    expect(shrink.statusCode).toBe(400);
    expect(shrink.json().errors.scale[0]).toMatch(/Level 4/);
  });
});

describe('the tree', () => {
  it('adds, moves and refuses a cycle or a foreign parent; codes are unique per framework', async () => {
    const fw = await framework();
    const other = await framework();
    const root = await competency(fw.id, 'A');
    const child = await competency(fw.id, 'A.1', root.id);
    const grandchild = await competency(fw.id, 'A.1.1', child.id);
    const foreign = await competency(other.id, 'Z');

    const dup = await http().post(COMP, acme.admin.token, {
      framework_id: fw.id,
      code: 'a',
      name: 'Duplicate',
    });
    expect(dup.statusCode).toBe(409);
    expect(dup.json().errors.code).toBeDefined();

    const cycle = await http().patch(`${COMP}${root.id}/`, acme.admin.token, {
      parent_id: grandchild.id,
    });
    expect(cycle.statusCode).toBe(400);
    expect(cycle.json().errors.parent_id).toBeDefined();
    const across = await http().patch(`${COMP}${child.id}/`, acme.admin.token, {
      parent_id: foreign.id,
    });
    expect(across.statusCode).toBe(400);

    const moved = await http().patch(`${COMP}${grandchild.id}/`, acme.admin.token, {
      parent_id: null,
    });
    expect(moved.statusCode).toBe(200);
    expect(moved.json().parent_id).toBeNull();

    const detail = await http().get(`${FW}${fw.id}/`, acme.trainer.token);
    expect(detail.json().competencies.map((c: { code: string }) => c.code)).toEqual([
      'A',
      'A.1',
      'A.1.1',
    ]);
    expect(detail.json().competency_count).toBe(3);
  });

  it('deletes a subtree when nothing hangs on it, 409 when a link does; audited', async () => {
    const fw = await framework();
    const root = await competency(fw.id, 'R');
    const child = await competency(fw.id, 'R.1', root.id);
    const course = await makeCourse(t.database.db, { organisationId: acme.org.id });
    const link = await http().post('/api/competency_course/', acme.admin.token, {
      competency_id: child.id,
      target_type: 'course',
      target_id: course.id,
      level: 1,
    });
    expect(link.statusCode).toBe(201);
    const blocked = await http().del(`${COMP}${root.id}/`, acme.admin.token);
    expect(blocked.statusCode).toBe(409);
    expect((await http().del(`${FW}${fw.id}/`, acme.admin.token)).statusCode).toBe(409);
    expect(
      (await http().del(`/api/competency_course/${link.json().id}/`, acme.admin.token)).statusCode,
    ).toBe(204);
    expect((await http().del(`${COMP}${root.id}/`, acme.admin.token)).statusCode).toBe(204);
    const detail = await http().get(`${FW}${fw.id}/`, acme.admin.token);
    expect(detail.json().competencies).toEqual([]);
    const audit = await t.database.db
      .select()
      .from(auditEvents)
      .where(
        and(
          eq(auditEvents.action, 'competency.deleted'),
          eq(auditEvents.organisationId, acme.org.id),
        ),
      );
    expect(audit.some((a) => (a.details as { removed: number }).removed === 2)).toBe(true);
    expect((await http().del(`${FW}${fw.id}/`, acme.admin.token)).statusCode).toBe(204);
  });
});

describe('thresholds and links', () => {
  it('levels must be on the scale; scopes and targets must be the organisation’s; one per scope', async () => {
    const fw = await framework();
    const c = await competency(fw.id, 'T');
    const dept = await makeDepartment(t.database.db, { organisationId: acme.org.id });
    const theirs = await makeDepartment(t.database.db, { organisationId: globex.org.id });
    const T = '/api/threshold/';
    expect(
      (await http().post(T, acme.admin.token, { competency_id: c.id, level: 5 })).statusCode,
    ).toBe(400);
    const general = await http().post(T, acme.admin.token, { competency_id: c.id, level: 2 });
    expect(general.statusCode).toBe(201);
    expect(
      (await http().post(T, acme.admin.token, { competency_id: c.id, level: 3 })).statusCode,
    ).toBe(409);
    const scoped = await http().post(T, acme.admin.token, {
      competency_id: c.id,
      department_id: dept.id,
      level: 3,
    });
    expect(scoped.statusCode).toBe(201);
    const foreign = await http().post(T, acme.admin.token, {
      competency_id: c.id,
      department_id: theirs.id,
      level: 3,
    });
    expect(foreign.statusCode).toBe(400);
    expect(foreign.json().errors.department_id).toBeDefined();
    const list = await http().get(`${T}?framework_id=${fw.id}`, acme.trainer.token);
    expect(list.json().results).toHaveLength(2);
    expect(
      (await http().patch(`${T}${general.json().id}/`, acme.trainer.token, { level: 1 }))
        .statusCode,
    ).toBe(403);
    expect(
      (await http().patch(`${T}${general.json().id}/`, acme.admin.token, { level: 1 })).json()
        .level,
    ).toBe(1);

    const L = '/api/competency_course/';
    const ourCourse = await makeCourse(t.database.db, { organisationId: acme.org.id });
    const theirCourse = await makeCourse(t.database.db, { organisationId: globex.org.id });
    const bad = await http().post(L, acme.admin.token, {
      competency_id: c.id,
      target_type: 'course',
      target_id: theirCourse.id,
      level: 1,
    });
    expect(bad.statusCode).toBe(400);
    expect(bad.json().errors.target_id).toBeDefined();
    const ok = await http().post(L, acme.admin.token, {
      competency_id: c.id,
      target_type: 'course',
      target_id: ourCourse.id,
      outcome: 'complete',
      level: 2,
    });
    expect(ok.statusCode).toBe(201);
    expect(ok.json()).toMatchObject({ outcome: 'complete', level: 2, target_type: 'course' });
    const page = await http().get(`${L}?competency_id=${c.id}`, acme.trainer.token);
    expect(page.json().count).toBe(1);
    const mine = await http().get(`${L}?competency_id=${c.id}`, globex.admin.token);
    expect(mine.json().count).toBe(0);
  });
});
