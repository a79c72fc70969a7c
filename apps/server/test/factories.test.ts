import { ROLE } from '@atrium/contract';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Database } from '../src/core/db/database.ts';
import { courseModules, courses, repositoryFiles } from '../src/schema/courses.table.ts';
import { memberships } from '../src/schema/users.table.ts';
import { createTestDatabase } from './database.ts';
import {
  makeCategory,
  makeCourse,
  makeEnrolment,
  makeEnrolmentRequest,
  makeModuleFile,
} from './factories/index.ts';

/*
 * The factories make the parents they are not given, and make them consistent (one organisation
 * throughout): a test that relies on it must not be quietly given a course of another tenant.
 */
let database: Database;
beforeAll(async () => {
  database = await createTestDatabase();
});
afterAll(() => database.close());

const membershipOf = async (userId: number) =>
  (await database.db.select().from(memberships).where(eq(memberships.userId, userId)))[0];

describe('factories', () => {
  it('an enrolment with nothing given: a published course, its trainer and a learner, one organisation', async () => {
    const enrolment = await makeEnrolment(database.db);
    const [course] = await database.db
      .select()
      .from(courses)
      .where(eq(courses.id, enrolment.courseId));
    expect(course).toMatchObject({ status: 'published' });
    expect(await membershipOf(course!.createdBy!)).toMatchObject({
      organisationId: course!.organisationId,
      roleId: ROLE.TRAINER,
    });
    expect(await membershipOf(enrolment.userId)).toMatchObject({
      organisationId: course!.organisationId,
      roleId: ROLE.LEARNER,
    });
    expect(enrolment).toMatchObject({ status: 'enrolled', progressPercent: 0 });
    expect(enrolment.enrolledAt).toBeInstanceOf(Date);
  });

  it('a course of a given organisation and category; an author only when asked for none', async () => {
    const category = await makeCategory(database.db);
    const course = await makeCourse(database.db, {
      organisationId: category.organisationId,
      categoryId: category.id,
      createdBy: null,
      status: 'draft',
    });
    expect(course).toMatchObject({
      organisationId: category.organisationId,
      categoryId: category.id,
      createdBy: null,
      status: 'draft',
    });
  });

  it("a module file's module and repository file belong to one course's organisation", async () => {
    const item = await makeModuleFile(database.db, { required: false });
    const [row] = await database.db
      .select({ course: courses.organisationId, file: repositoryFiles.organisationId })
      .from(courseModules)
      .innerJoin(courses, eq(courses.id, courseModules.courseId))
      .innerJoin(repositoryFiles, eq(repositoryFiles.id, item.fileId))
      .where(eq(courseModules.id, item.moduleId));
    expect(row!.file).toBe(row!.course);
    expect(item.required).toBe(false);
  });

  it('a request is asked and undecided; a completion is dated and at 100 %', async () => {
    const request = await makeEnrolmentRequest(database.db);
    expect(request).toMatchObject({ status: 'requested', enrolledAt: null, decidedBy: null });
    expect(request.requestedAt).toBeInstanceOf(Date);
    const done = await makeEnrolment(database.db, { status: 'completed' });
    expect(done).toMatchObject({ status: 'completed', progressPercent: 100 });
    expect(done.completedAt).toBeInstanceOf(Date);
  });
});
