import { ROLE } from '@atrium/contract';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../../../test/app.ts';
import {
  makeOrganisationWithStaff,
  type SignedIn,
  type Staff,
  signedIn,
  signedInLearner,
} from '../../../test/auth.ts';
import {
  addPathCourse,
  enrol,
  makeCourse,
  makeLearningPath,
  makeModuleWithFiles,
  makePathElective,
  makePathEnrolment,
} from '../../../test/factories/index.ts';
import { api } from '../../../test/http.ts';
import { courseEnrolments } from '../../schema/enrolments.table.ts';
import {
  learningPathElectives,
  learningPathItems,
  learningPathPrerequisites,
} from '../../schema/learning-paths.table.ts';

let t: TestApp;
let acme: Staff;
let globex: Staff;
let trainer2: SignedIn;
let a: ReturnType<typeof api>;
const changed: number[] = [];

beforeAll(async () => {
  t = await createTestApp();
  acme = await makeOrganisationWithStaff(t.database.db, t.config, { isDefault: true });
  globex = await makeOrganisationWithStaff(t.database.db, t.config);
  trainer2 = await signedIn(t, { organisationId: acme.org.id, roleId: ROLE.TRAINER });
  a = api(t);
  t.app.ctx.bus.subscribe('learning_path.structure_changed', (e) => {
    changed.push(e.pathId);
  });
});
afterAll(() => t.close());

const db = () => t.database.db;
const course = (title: string, more: Parameters<typeof makeCourse>[1] = {}) =>
  makeCourse(db(), { organisationId: acme.org.id, title, ...more });
const newPath = (more: Parameters<typeof makeLearningPath>[1] = {}) =>
  makeLearningPath(db(), { organisationId: acme.org.id, createdBy: acme.trainer.user.id, ...more });
const stored = async (pathId: number) => {
  const items = await db()
    .select()
    .from(learningPathItems)
    .where(eq(learningPathItems.pathId, pathId));
  const electives = await db()
    .select()
    .from(learningPathElectives)
    .where(eq(learningPathElectives.pathId, pathId));
  const prerequisites = items.length ? await db().select().from(learningPathPrerequisites) : [];
  const ids = new Set(items.map((i) => i.id));
  return {
    items: items.sort((x, y) => x.position - y.position).map((i) => [i.courseId, i.position]),
    electives: electives.map((e) => [e.title, e.required]),
    prerequisites: prerequisites.filter((p) => ids.has(p.itemId)).length,
  };
};

describe('structure PUT', () => {
  it('saves items in order, electives and prerequisites; a second save keeps item ids', async () => {
    const path = await newPath();
    const [c1, c2, c3, c4] = await Promise.all(
      ['One', 'Two', 'Three', 'Four'].map((x) => course(x)),
    );
    const url = `/api/v1/learning-path/${path.id}/structure/`;
    const res = await a.put(url, acme.trainer.token, {
      strict_sequence: false,
      electives: [{ key: 'e', title: 'Pick one', required: 1 }],
      items: [
        { course: c1!.id },
        { course: c2!.id, elective: 'e' },
        { course: c3!.id, elective: 'e' },
        { course: c4!.id, requires: [c1!.id, c2!.id] },
      ],
    });
    expect(res.statusCode, res.body).toBe(200);
    const detail = res.json();
    expect(changed).toContain(path.id);
    expect(detail.items.map((i: { course: { title: string } }) => i.course.title)).toEqual([
      'One',
      'Two',
      'Three',
      'Four',
    ]);
    const [i1, i2, i3, i4] = detail.items;
    expect(detail.electives).toEqual([{ id: i2.elective_group, title: 'Pick one', required: 1 }]);
    expect(i3.elective_group).toBe(i2.elective_group);
    expect(i4.requires).toEqual([i1.id, i2.id].sort((x, y) => x - y));
    expect(detail.item_count).toBe(4);
    expect(detail.mine).toBeNull();

    const again = await a.put(url, acme.trainer.token, {
      strict_sequence: true,
      electives: [],
      items: [{ course: c4!.id }, { course: c1!.id }],
    });
    expect(again.statusCode, again.body).toBe(200);
    const [j4, j1] = again.json().items;
    expect([j4.id, j1.id]).toEqual([i4.id, i1.id]);
    expect(j1.requires).toEqual([j4.id]);
    expect(await stored(path.id)).toEqual({
      items: [
        [c4!.id, 0],
        [c1!.id, 1],
      ],
      electives: [],
      prerequisites: 0,
    });
  });

  it('refuses a cycle, naming it by the courses’ titles, and stores nothing', async () => {
    const path = await newPath();
    const [x, y, z] = await Promise.all(['Alpha', 'Beta', 'Gamma'].map((n) => course(n)));
    await addPathCourse(db(), path, { course: x! });
    const before = await stored(path.id);
    const res = await a.put(`/api/v1/learning-path/${path.id}/structure/`, acme.trainer.token, {
      strict_sequence: false,
      electives: [],
      items: [
        { course: x!.id, requires: [z!.id] },
        { course: y!.id, requires: [x!.id] },
        { course: z!.id, requires: [y!.id] },
      ],
    });
    expect(res.statusCode).toBe(400);
    expect(res.json().errors.items).toEqual([
      'These courses require each other: Alpha → Gamma → Beta → Alpha',
    ]);
    expect(await stored(path.id)).toEqual(before);

    // Strict sequence makes each item require the one before: a later course required first is a cycle.
    const strict = await a.put(`/api/v1/learning-path/${path.id}/structure/`, acme.trainer.token, {
      strict_sequence: true,
      electives: [],
      items: [{ course: x!.id, requires: [y!.id] }, { course: y!.id }],
    });
    expect(strict.json().errors.items[0]).toBe(
      'These courses require each other: Alpha → Beta → Alpha',
    );
  });

  it('refuses another organisation’s course, duplicates, impossible electives and strangers', async () => {
    const path = await newPath();
    const mineCourse = await course('Mine');
    const foreign = await makeCourse(db(), { organisationId: globex.org.id, title: 'Foreign' });
    const othersDraft = await course('Hidden draft', {
      status: 'draft',
      createdBy: acme.admin.user.id,
    });
    const put = (body: unknown) =>
      a.put(`/api/v1/learning-path/${path.id}/structure/`, acme.trainer.token, body);
    const body = (items: unknown[], electives: unknown[] = []) => ({
      strict_sequence: false,
      electives,
      items,
    });

    const foreignRes = await put(body([{ course: foreign.id }]));
    expect(foreignRes.statusCode).toBe(400);
    expect(foreignRes.json().errors.items[0]).toMatch(/organisation/);
    expect(foreignRes.body).not.toContain('Foreign');
    // A draft of someone else's is not the trainer's to see.
    expect((await put(body([{ course: othersDraft.id }]))).statusCode).toBe(400);
    expect(
      (await put(body([{ course: mineCourse.id }, { course: mineCourse.id }]))).json().errors
        .items[0],
    ).toMatch(/twice/);
    const tooMany = await put(
      body(
        [{ course: mineCourse.id, elective: 'e' }],
        [{ key: 'e', title: 'Two of one', required: 2 }],
      ),
    );
    expect(tooMany.json().errors.electives[0]).toMatch(/asks for 2 courses but holds 1/);
    expect(
      (await put(body([{ course: mineCourse.id, elective: 'nope' }]))).json().errors.items[0],
    ).toMatch(/elective set/);
    expect(
      (await put(body([{ course: mineCourse.id, requires: [foreign.id] }]))).json().errors.items[0],
    ).toMatch(/not in this path/);
    expect((await stored(path.id)).items).toEqual([]);

    const ok = body([{ course: mineCourse.id }]);
    expect(
      (await a.put(`/api/v1/learning-path/${path.id}/structure/`, trainer2.token, ok)).statusCode,
    ).toBe(403);
    expect(
      (await a.put(`/api/v1/learning-path/${path.id}/structure/`, acme.learner.token, ok))
        .statusCode,
    ).toBe(403);
    expect(
      (await a.put(`/api/v1/learning-path/${path.id}/structure/`, globex.admin.token, ok))
        .statusCode,
    ).toBe(404);
    expect((await stored(path.id)).items).toEqual([]);
  });
});

describe('item-level endpoints', () => {
  it('adds at a position, moves, requires, and refuses a duplicate or a cycle', async () => {
    const path = await newPath({ strictSequence: false });
    const [p, q, r] = await Promise.all(['P', 'Q', 'R'].map((n) => course(n)));
    const add = (body: Record<string, unknown>) =>
      a.post('/api/v1/learning-path-course/', acme.trainer.token, {
        learning_path: path.id,
        ...body,
      });
    const ip = (await add({ course: p!.id })).json();
    const ir = await add({ course: r!.id, requires: [ip.id] });
    expect(ir.statusCode, ir.body).toBe(201);
    expect(ir.json()).toMatchObject({ position: 1, requires: [ip.id], course: { title: 'R' } });
    const iq = (await add({ course: q!.id, position: 1 })).json();
    expect(iq.position).toBe(1);
    expect((await stored(path.id)).items.map(([c]) => c)).toEqual([p!.id, q!.id, r!.id]);
    expect((await add({ course: q!.id })).statusCode).toBe(409);

    // P requiring R, which requires P: refused, and nothing changed.
    const cycle = await a.put(`/api/v1/learning-path-course/${ip.id}/`, acme.trainer.token, {
      requires: [ir.json().id],
    });
    expect(cycle.statusCode).toBe(400);
    expect(cycle.json().errors.items[0]).toBe('These courses require each other: P → R → P');
    const moved = await a.put(`/api/v1/learning-path-course/${ip.id}/`, acme.trainer.token, {
      position: 2,
    });
    expect(moved.json()).toMatchObject({ id: ip.id, position: 2, requires: [] });
    expect((await stored(path.id)).items.map(([c]) => c)).toEqual([q!.id, r!.id, p!.id]);

    const del = await a.del(`/api/v1/learning-path-course/${ip.id}/`, acme.trainer.token);
    expect(del.statusCode).toBe(204);
    // R's requirement on P went with it; positions close up.
    expect(await stored(path.id)).toMatchObject({
      items: [
        [q!.id, 0],
        [r!.id, 1],
      ],
      prerequisites: 0,
    });
  });

  it('elective sets: only this path’s, and a removal may not leave one impossible', async () => {
    const path = await newPath();
    const other = await newPath();
    const set = await makePathElective(db(), path, { title: 'Both', required: 2 });
    const foreignSet = await makePathElective(db(), other);
    const i1 = await addPathCourse(db(), path, { electiveId: set.id });
    await addPathCourse(db(), path, { electiveId: set.id });
    const bad = await a.put(`/api/v1/learning-path-course/${i1.id}/`, acme.trainer.token, {
      elective_group: foreignSet.id,
    });
    expect(bad.json().errors).toHaveProperty('elective_group');
    const out = await a.put(`/api/v1/learning-path-course/${i1.id}/`, acme.trainer.token, {
      elective_group: null,
    });
    expect(out.json().errors.electives[0]).toMatch(/Both/);
    const del = await a.del(`/api/v1/learning-path-course/${i1.id}/`, acme.trainer.token);
    expect(del.statusCode).toBe(400);
    expect((await stored(path.id)).items).toHaveLength(2);
  });

  it('another trainer, a learner and another organisation cannot touch items', async () => {
    const path = await newPath();
    const item = await addPathCourse(db(), path);
    const c = await course('Extra');
    const body = { learning_path: path.id, course: c.id };
    expect((await a.post('/api/v1/learning-path-course/', trainer2.token, body)).statusCode).toBe(
      403,
    );
    expect(
      (await a.post('/api/v1/learning-path-course/', globex.admin.token, body)).statusCode,
    ).toBe(404);
    expect(
      (await a.put(`/api/v1/learning-path-course/${item.id}/`, acme.learner.token, { position: 0 }))
        .statusCode,
    ).toBe(403);
    expect(
      (await a.del(`/api/v1/learning-path-course/${item.id}/`, globex.admin.token)).statusCode,
    ).toBe(404);
    expect((await a.del(`/api/v1/learning-path-course/999999/`, acme.admin.token)).statusCode).toBe(
      404,
    );
    expect((await stored(path.id)).items).toHaveLength(1);
  });
});

describe('a learner’s view', () => {
  it('unlocks the third course once the first two are complete, and shows why it is locked', async () => {
    const path = await newPath();
    const [c1, c2, c3] = await Promise.all(['Basics', 'Tools', 'Capstone'].map((n) => course(n)));
    const i1 = await addPathCourse(db(), path, { course: c1! });
    const i2 = await addPathCourse(db(), path, { course: c2! });
    const i3 = await addPathCourse(db(), path, { course: c3!, requires: [i1.id, i2.id] });
    await makeModuleWithFiles(db(), { course: c3!, files: [{}, {}] });
    const learner = await signedInLearner(t, acme.org.id);
    await makePathEnrolment(db(), path, { userId: learner.user.id });

    const detail = async () =>
      (await a.get(`/api/v1/learning_path_detail/${path.id}/`, learner.token)).json();
    const states = async () =>
      (await detail()).items.map((i: { mine: { state: string; waiting_for: number[] } }) => [
        i.mine.state,
        i.mine.waiting_for,
      ]);
    expect(await states()).toEqual([
      ['available', []],
      ['available', []],
      ['locked', [i1.id, i2.id]],
    ]);
    expect((await detail()).next_item).toBe(i1.id);
    const view = async () =>
      (
        await a.get(`/api/v1/learning_path_course_module/${path.id}/${c3!.id}/`, learner.token)
      ).json();
    expect(await view()).toMatchObject({
      learning_path: path.id,
      course: { id: c3!.id, title: 'Capstone' },
      locked: true,
      waiting_for: [
        { id: c1!.id, title: 'Basics' },
        { id: c2!.id, title: 'Tools' },
      ],
      modules: [{ file_count: 2 }],
    });

    const e1 = await enrol(db(), c1!.id, learner.user.id, 'completed');
    const e2 = await enrol(db(), c2!.id, learner.user.id);
    await db()
      .update(courseEnrolments)
      .set({ progressPercent: 40 })
      .where(eq(courseEnrolments.id, e2.id));
    expect(await states()).toEqual([
      ['completed', []],
      ['in_progress', []],
      ['locked', [i2.id]],
    ]);
    expect((await detail()).next_item).toBe(i2.id);
    await db()
      .update(courseEnrolments)
      .set({ status: 'completed' })
      .where(eq(courseEnrolments.id, e2.id));
    expect((await states())[2]).toEqual(['available', []]);
    expect(await view()).toMatchObject({ locked: false, waiting_for: [] });
    expect((await detail()).next_item).toBe(i3.id);
    expect(e1.id).toBeGreaterThan(0);
  });

  it('the course view: a course outside the path 404, not enrolled 403, managers see it unlocked', async () => {
    const path = await newPath({ strictSequence: true });
    const [c1, c2] = await Promise.all(['First', 'Second'].map((n) => course(n)));
    await addPathCourse(db(), path, { course: c1! });
    await addPathCourse(db(), path, { course: c2! });
    const outsider = await course('Outside');
    const enrolled = await signedInLearner(t, acme.org.id);
    await makePathEnrolment(db(), path, { userId: enrolled.user.id });
    const url = (courseId: number) => `/api/v1/learning_path_course_module/${path.id}/${courseId}/`;
    expect((await a.get(url(outsider.id), enrolled.token)).statusCode).toBe(404);
    expect((await a.get(url(c2!.id), enrolled.token)).json()).toMatchObject({
      locked: true,
      waiting_for: [{ id: c1!.id, title: 'First' }],
    });
    const notEnrolled = await a.get(url(c1!.id), acme.learner.token);
    expect(notEnrolled.statusCode).toBe(403);
    expect((await a.get(url(c2!.id), acme.trainer.token)).json()).toMatchObject({ locked: false });
    expect((await a.get(url(c1!.id), globex.learner.token)).statusCode).toBe(404);
    // The detail of someone not enrolled has no item states.
    const detail = (
      await a.get(`/api/v1/learning_path_detail/${path.id}/`, acme.learner.token)
    ).json();
    expect(detail.items.map((i: { mine: unknown }) => i.mine)).toEqual([null, null]);
    expect(detail.next_item).toBeNull();
  });

  it('learners see only published paths of their organisation', async () => {
    const draft = await newPath({ status: 'draft' });
    const assigned = await newPath({ visibility: 'assigned' });
    const open = await newPath();
    const get = (id: number, token: string) => a.get(`/api/v1/learning_path_detail/${id}/`, token);
    expect((await get(draft.id, acme.learner.token)).statusCode).toBe(404);
    expect((await get(assigned.id, acme.learner.token)).statusCode).toBe(404);
    expect((await get(open.id, acme.learner.token)).statusCode).toBe(200);
    expect((await get(open.id, globex.learner.token)).statusCode).toBe(404);
    expect((await get(open.id, globex.admin.token)).statusCode).toBe(404);
    expect((await get(draft.id, trainer2.token)).statusCode).toBe(404);
    expect((await get(draft.id, acme.admin.token)).statusCode).toBe(200);
  });
});
