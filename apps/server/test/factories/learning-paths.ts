import { randomBytes } from 'node:crypto';
import { count, eq } from 'drizzle-orm';
import type { DbOrTx } from '../../src/core/db/database.ts';
import {
  learningPathElectives,
  learningPathEnrolments,
  learningPathItems,
  learningPathPrerequisites,
  learningPathReviews,
  learningPaths,
  type PathEnrolmentStatus,
} from '../../src/schema/learning-paths.table.ts';
import { makeCourse } from './catalogue.ts';
import { makeOrganisation } from './organisations.ts';
import { makeLearner, makeTrainer } from './users.ts';

const suffix = () => randomBytes(3).toString('hex');

export type LearningPathOptions = Partial<
  Omit<typeof learningPaths.$inferInsert, 'id' | 'organisationId' | 'createdBy'>
> & {
  /** A new organisation when not given. */
  organisationId?: number;
  /** The author: a new trainer of the organisation when not given; null for none. */
  createdBy?: number | null;
};

type PathRef = { id: number; organisationId: number };

/**
 * A learning path, published and open to its organisation unless told otherwise (most tests
 * want one learners can find; drafts say so). It holds no course: add them with addPathCourse.
 */
export async function makeLearningPath(db: DbOrTx, options: LearningPathOptions = {}) {
  const { organisationId: givenOrganisation, createdBy: givenAuthor, ...values } = options;
  const organisationId = givenOrganisation ?? (await makeOrganisation(db)).id;
  const createdBy =
    givenAuthor === undefined ? (await makeTrainer(db, { organisationId })).id : givenAuthor;
  const [row] = await db
    .insert(learningPaths)
    .values({
      title: `Path ${suffix()}`,
      status: 'published',
      publishedAt: values.status && values.status !== 'published' ? null : new Date(),
      ...values,
      organisationId,
      createdBy,
    })
    .returning();
  return row!;
}

/** An elective set ("any `required` of these") of a path. */
export async function makePathElective(
  db: DbOrTx,
  path: PathRef,
  options: { title?: string; required?: number } = {},
) {
  const [row] = await db
    .insert(learningPathElectives)
    .values({
      pathId: path.id,
      title: options.title ?? `Electives ${suffix()}`,
      required: options.required ?? 1,
    })
    .returning();
  return row!;
}

/**
 * A course as the path's next item (a new published course of the path's organisation when none
 * is given), in an elective set and requiring other items when told.
 */
export async function addPathCourse(
  db: DbOrTx,
  path: PathRef,
  options: {
    course?: { id: number };
    electiveId?: number | null;
    /** Item ids it requires. */
    requires?: number[];
    position?: number;
  } = {},
) {
  const course = options.course ?? (await makeCourse(db, { organisationId: path.organisationId }));
  const position =
    options.position ??
    (
      await db
        .select({ n: count() })
        .from(learningPathItems)
        .where(eq(learningPathItems.pathId, path.id))
    )[0]!.n;
  const [item] = await db
    .insert(learningPathItems)
    .values({
      pathId: path.id,
      courseId: course.id,
      position,
      electiveId: options.electiveId ?? null,
    })
    .returning();
  if (options.requires?.length) {
    await db
      .insert(learningPathPrerequisites)
      .values(options.requires.map((r) => ({ itemId: item!.id, requiresItemId: r })));
  }
  return item!;
}

/**
 * A learner's enrolment in a path, written directly (the enrolment use cases are tested on their
 * own): a new learner of the path's organisation when no user is given; enrolled unless told.
 */
export async function makePathEnrolment(
  db: DbOrTx,
  path: PathRef,
  options: { userId?: number; status?: PathEnrolmentStatus; dueAt?: Date | null } = {},
) {
  const userId =
    options.userId ?? (await makeLearner(db, { organisationId: path.organisationId })).id;
  const status = options.status ?? 'enrolled';
  const now = new Date();
  const [row] = await db
    .insert(learningPathEnrolments)
    .values({
      pathId: path.id,
      userId,
      status,
      source: status === 'requested' ? 'request' : 'assigned',
      requestedAt: status === 'requested' ? now : null,
      enrolledAt: status === 'requested' ? null : now,
      completedAt: status === 'completed' ? now : null,
      progressPercent: status === 'completed' ? 100 : 0,
      dueAt: options.dueAt ?? null,
    })
    .returning();
  return row!;
}

/** A review of a path by one of its learners (a new enrolled learner when no user is given). */
export async function makePathReview(
  db: DbOrTx,
  path: PathRef,
  options: { userId?: number; rating?: number; comment?: string } = {},
) {
  const userId = options.userId ?? (await makePathEnrolment(db, path)).userId;
  const [row] = await db
    .insert(learningPathReviews)
    .values({
      pathId: path.id,
      userId,
      rating: options.rating ?? 4,
      comment: options.comment ?? 'Useful.',
    })
    .returning();
  return row!;
}
