import { and, eq } from 'drizzle-orm';
import type { DbOrTx } from '../../src/core/db/database.ts';
import { courseEnrolments } from '../../src/schema/enrolments.table.ts';
import {
  learningPathElectives,
  learningPathEnrolments,
  learningPathItems,
  learningPathPrerequisites,
  learningPaths,
} from '../../src/schema/learning-paths.table.ts';
import { userProfiles } from '../../src/schema/profiles.table.ts';
import { makeCourse, makeModuleWithFiles } from './catalogue.ts';

/*
 * Paths for the enrolment, progress and job tests, written straight to the tables (the editor's
 * use cases are tested on their own): a path of n fresh published courses, each with one
 * required file, prerequisites and one elective set by course index.
 */

export interface PathSetup {
  organisationId: number;
  createdBy: number;
  courses?: number;
  strictSequence?: boolean;
  /** [item index, indices it requires]. */
  requires?: [number, number[]][];
  /** One elective set over these item indices. */
  elective?: { required: number; items: number[] };
  path?: Partial<Omit<typeof learningPaths.$inferInsert, 'organisationId' | 'createdBy'>>;
}

export async function makePathWithCourses(db: DbOrTx, setup: PathSetup) {
  const [path] = await db
    .insert(learningPaths)
    .values({
      organisationId: setup.organisationId,
      createdBy: setup.createdBy,
      title: `Path ${Math.random().toString(36).slice(2, 8)}`,
      status: 'published',
      publishedAt: new Date(),
      strictSequence: setup.strictSequence ?? false,
      ...setup.path,
    })
    .returning();
  const courses = [];
  for (let i = 0; i < (setup.courses ?? 2); i++) {
    const course = await makeCourse(db, {
      organisationId: setup.organisationId,
      createdBy: setup.createdBy,
      title: `Course ${i} of ${path!.title}`,
    });
    await makeModuleWithFiles(db, { course, files: [{}] });
    courses.push(course);
  }
  let electiveId: number | null = null;
  if (setup.elective) {
    const [e] = await db
      .insert(learningPathElectives)
      .values({ pathId: path!.id, title: 'Electives', required: setup.elective.required })
      .returning();
    electiveId = e!.id;
  }
  const items = [];
  for (const [i, course] of courses.entries()) {
    const [item] = await db
      .insert(learningPathItems)
      .values({
        pathId: path!.id,
        courseId: course.id,
        position: i,
        electiveId: setup.elective?.items.includes(i) ? electiveId : null,
      })
      .returning();
    items.push(item!);
  }
  for (const [i, needs] of setup.requires ?? []) {
    for (const n of needs) {
      await db
        .insert(learningPathPrerequisites)
        .values({ itemId: items[i]!.id, requiresItemId: items[n]!.id });
    }
  }
  return { path: path!, courses, items };
}

/** Places a user in a department (and designation) of their organisation. */
export async function placeUser(
  db: DbOrTx,
  userId: number,
  place: { departmentId?: number | null; designationId?: number | null },
) {
  await db
    .insert(userProfiles)
    .values({ userId, ...place })
    .onConflictDoUpdate({ target: userProfiles.userId, set: place });
}

export async function pathEnrolmentOf(db: DbOrTx, pathId: number, userId: number) {
  const [row] = await db
    .select()
    .from(learningPathEnrolments)
    .where(
      and(eq(learningPathEnrolments.pathId, pathId), eq(learningPathEnrolments.userId, userId)),
    );
  return row;
}

/** The learner's course enrolment statuses in these courses, in their order ('none' when absent). */
export async function courseStatuses(db: DbOrTx, userId: number, courseIds: number[]) {
  const rows = await db
    .select({ courseId: courseEnrolments.courseId, status: courseEnrolments.status })
    .from(courseEnrolments)
    .where(eq(courseEnrolments.userId, userId));
  const byCourse = new Map(rows.map((r) => [r.courseId, r.status]));
  return courseIds.map((id) => byCourse.get(id) ?? 'none');
}
