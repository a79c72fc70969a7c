import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../../../test/app.ts';
import { makeOrganisationWithStaff, type Staff } from '../../../test/auth.ts';
import { makeAssessment, makeClass, makeCourse, makeTopic } from '../../../test/factories/index.ts';
import { api } from '../../../test/http.ts';
import type { DbOrTx } from '../../core/db/database.ts';
import { courses } from '../../schema/courses.table.ts';
import { targetNames } from './competencies.links.names.ts';

/*
 * Links name their target (course and assessment titles, the classroom topic's title; null once
 * the target is gone), read per page in one query per target type; a link is made only to a
 * target of the competency's organisation, and its outcome and level can be changed.
 */

let t: TestApp;
let acme: Staff;
let globex: Staff;
const http = () => api(t);
const L = '/api/competency_course/';

beforeAll(async () => {
  t = await createTestApp();
  acme = await makeOrganisationWithStaff(t.database.db, t.config);
  globex = await makeOrganisationWithStaff(t.database.db, t.config);
});
afterAll(() => t.close());

let n = 0;
async function competency() {
  n += 1;
  const fw = await http().post('/api/competency_framework/', acme.admin.token, {
    name: `Links framework ${n}`,
  });
  expect(fw.statusCode).toBe(201);
  const c = await http().post('/api/competency/', acme.admin.token, {
    framework_id: fw.json().id,
    code: `L${n}`,
    name: `Linked ${n}`,
  });
  expect(c.statusCode).toBe(201);
  return { frameworkId: fw.json().id as number, id: c.json().id as number };
}

/** One target of each type in the organisation. */
async function targets(organisationId: number) {
  const db = t.database.db;
  const course = await makeCourse(db, { organisationId, title: 'Fire safety' });
  const assessment = await makeAssessment(db, {
    organisationId,
    createdBy: null,
    title: 'Fire safety quiz',
  });
  const cls = await makeClass(db, { organisationId });
  const topic = await makeTopic(db, cls, { title: 'Extinguishers' });
  return { course, assessment, topic };
}

describe('target names', () => {
  it('every link of a page names its course, assessment or topic; a deleted one is null', async () => {
    const c = await competency();
    const ours = await targets(acme.org.id);
    const made = [];
    for (const [type, id] of [
      ['course', ours.course.id],
      ['assessment', ours.assessment.id],
      ['classroom_topic', ours.topic.id],
    ] as const) {
      const res = await http().post(L, acme.admin.token, {
        competency_id: c.id,
        target_type: type,
        target_id: id,
        level: 1,
      });
      expect(res.statusCode).toBe(201);
      made.push(res.json());
    }
    // The create answer names its target too.
    expect(made.map((l) => l.target_name)).toEqual([
      'Fire safety',
      'Fire safety quiz',
      'Extinguishers',
    ]);

    const page = await http().get(`${L}?framework_id=${c.frameworkId}`, acme.learner.token);
    expect(page.statusCode).toBe(200);
    expect(
      page
        .json()
        .results.map((l: { target_type: string; target_name: string | null }) => [
          l.target_type,
          l.target_name,
        ]),
    ).toEqual([
      ['course', 'Fire safety'],
      ['assessment', 'Fire safety quiz'],
      ['classroom_topic', 'Extinguishers'],
    ]);

    // The link outlives its target (no foreign key across slices): it stays, nameless.
    await t.database.db.delete(courses).where(eq(courses.id, ours.course.id));
    const after = await http().get(`${L}?competency_id=${c.id}`, acme.admin.token);
    expect(after.json().results[0]).toMatchObject({
      target_type: 'course',
      target_id: ours.course.id,
      target_name: null,
    });
  });

  it('reads one query per target type present, whatever the number of links', async () => {
    const db = t.database.db;
    const a = await targets(acme.org.id);
    const b = await targets(acme.org.id);
    let selects = 0;
    const counting = {
      select: (...args: Parameters<typeof db.select>) => {
        selects += 1;
        return db.select(...args);
      },
    } as unknown as DbOrTx;
    const name = await targetNames(counting, acme.org.id, [
      { targetType: 'course', targetId: a.course.id },
      { targetType: 'course', targetId: b.course.id },
      { targetType: 'classroom_topic', targetId: a.topic.id },
      { targetType: 'classroom_topic', targetId: b.topic.id },
    ]);
    expect(selects).toBe(2);
    expect(name('course', b.course.id)).toBe('Fire safety');
    expect(name('classroom_topic', a.topic.id)).toBe('Extinguishers');
    // Another organisation's row of the same id space is not named for this one.
    const theirs = await makeCourse(db, { organisationId: globex.org.id, title: 'Secret' });
    const other = await targetNames(db, acme.org.id, [
      { targetType: 'course', targetId: theirs.id },
    ]);
    expect(other('course', theirs.id)).toBeNull();
  });
});

describe('creating and changing links', () => {
  it('refuses a target of another organisation or none at all (400 on target_id), of every type', async () => {
    const c = await competency();
    const theirs = await targets(globex.org.id);
    for (const [type, id] of [
      ['course', theirs.course.id],
      ['assessment', theirs.assessment.id],
      ['classroom_topic', theirs.topic.id],
      ['assessment', 2_000_000_000],
    ] as const) {
      const res = await http().post(L, acme.admin.token, {
        competency_id: c.id,
        target_type: type,
        target_id: id,
        level: 1,
      });
      expect(res.statusCode, `${type} ${id}`).toBe(400);
      expect(res.json().errors.target_id).toEqual(['Not found in this organisation.']);
    }
    // Another organisation's admin cannot link our competency to their course either (404).
    const cross = await http().post(L, globex.admin.token, {
      competency_id: c.id,
      target_type: 'course',
      target_id: theirs.course.id,
      level: 1,
    });
    expect(cross.statusCode).toBe(404);
  });

  it('changes outcome and level (on the scale), named in the answer; admins only', async () => {
    const c = await competency();
    const ours = await targets(acme.org.id);
    const link = await http().post(L, acme.admin.token, {
      competency_id: c.id,
      target_type: 'classroom_topic',
      target_id: ours.topic.id,
      level: 1,
    });
    const path = `${L}${link.json().id}/`;
    const changed = await http().patch(path, acme.admin.token, { outcome: 'complete', level: 3 });
    expect(changed.statusCode).toBe(200);
    expect(changed.json()).toMatchObject({
      outcome: 'complete',
      level: 3,
      target_name: 'Extinguishers',
    });
    const offScale = await http().patch(path, acme.admin.token, { level: 9 });
    expect(offScale.statusCode).toBe(400);
    expect(offScale.json().errors.level).toBeDefined();
    expect((await http().patch(path, acme.trainer.token, { level: 2 })).statusCode).toBe(403);
    expect((await http().patch(path, globex.admin.token, { level: 2 })).statusCode).toBe(404);
  });
});
