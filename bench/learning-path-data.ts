import { APPROVAL, ROLE } from '@atrium/contract';
import { and, asc, eq, gt, sql } from 'drizzle-orm';
import { type Db, queryRows } from '../apps/server/src/core/db/database.ts';
import { courses } from '../apps/server/src/schema/courses.table.ts';
import {
  learningPathItems,
  learningPathPrerequisites,
  learningPaths,
} from '../apps/server/src/schema/learning-paths.table.ts';

/**
 * The learning-path journeys' data: one published path of five courses of the organisation and
 * its enrolled learners (BENCH_PATH_LEARNERS, 5,000 by default, the demo learner among them),
 * with the course enrolments their progress implies. Inserted set-based: one `insert ... select`
 * for the path's enrolments and one for the course enrolments.
 */

export const PATH_TITLE = 'Bench learning path';
const COURSES_IN_PATH = 5;
const DUE_DAYS = 90;

export interface LearningPathSummary {
  id: number;
  /** Enrolments of the path (enrolled and completed), the demo learner's included. */
  learners: number;
  courseEnrolments: number;
}

/**
 * Completed courses by learner, in position order, picked by `(n * 7) % 20`: 20 % have none,
 * 20 % one, 15 % two, 10 % three, 10 % four, 25 % all five (the path is completed).
 */
const COMPLETED_BY_BUCKET = [0, 0, 0, 0, 1, 1, 1, 1, 2, 2, 2, 3, 3, 4, 4, 5, 5, 5, 5, 5];
/** The demo learner, whom lp-detail signs in as: two done, one in progress, one locked. */
const DEMO_LEARNER_COMPLETED = 2;

/**
 * Items 1..5 by position. Stored prerequisites (the path is not a strict sequence): item 2
 * waits for item 1, item 5 for items 3 and 4. Completing courses in position order therefore
 * never skips a requirement, and a learner with k courses done is enrolled in the courses
 * recomputeInTx would have opened to them: positions up to k + 1, and 3 and 4 (no requirement).
 */
export async function seedLearningPath(
  db: Db,
  options: {
    organisationId: number;
    adminId: number;
    learnerId: number;
    learners: number;
    /**
     * course-detail's course, the first the bench generated: the path takes the next five
     * (not the demo seed's courses, whose enrolments the demo learner may already have).
     */
    detailCourseId: number | null;
  },
): Promise<LearningPathSummary | null> {
  const { organisationId, adminId, learnerId, detailCourseId } = options;
  if (detailCourseId === null || options.learners < 1) return null;
  const chosen = await db
    .select({ id: courses.id })
    .from(courses)
    .where(
      and(
        eq(courses.organisationId, organisationId),
        eq(courses.status, 'published'),
        gt(courses.id, detailCourseId),
      ),
    )
    .orderBy(asc(courses.id))
    .limit(COURSES_IN_PATH);
  if (chosen.length < COURSES_IN_PATH) return null;

  const now = new Date();
  const [path] = await db
    .insert(learningPaths)
    .values({
      organisationId,
      title: PATH_TITLE,
      description: '<p>Generated for the bench.</p>',
      status: 'published',
      visibility: 'organisation',
      enrolment: 'self',
      strictSequence: false,
      dueMode: 'relative',
      dueDays: DUE_DAYS,
      createdBy: adminId,
      createdAt: now,
      updatedAt: now,
      publishedAt: now,
    })
    .returning({ id: learningPaths.id });
  const pathId = path!.id;
  const items = await db
    .insert(learningPathItems)
    .values(chosen.map((c, k) => ({ pathId, courseId: c.id, position: k + 1 })))
    .returning({ id: learningPathItems.id, position: learningPathItems.position });
  const at = (position: number) => items.find((i) => i.position === position)!.id;
  await db.insert(learningPathPrerequisites).values([
    { itemId: at(2), requiresItemId: at(1) },
    { itemId: at(5), requiresItemId: at(3) },
    { itemId: at(5), requiresItemId: at(4) },
  ]);

  const buckets = sql.raw(`array[${COMPLETED_BY_BUCKET.join(',')}]`);
  // Learners of the organisation who can sign in, first by id; the demo learner as n = 0.
  // Enrolled over the last 150 days, due 90 days later: about a third of the unfinished
  // ones are overdue. Reminders count as sent, so a sync job never fans out mid-measurement.
  await db.execute(sql`
    with learners as (
      select u.id as user_id, row_number() over (order by u.id) as n
      from users u
      join memberships m on m.user_id = u.id and m.organisation_id = ${organisationId}
        and m.role_id = ${ROLE.LEARNER}
      where u.is_active and u.approval_status = ${APPROVAL.APPROVED} and u.username like ${'bench\\_user\\_%'}
      order by u.id
      limit ${options.learners - 1}
    ), everyone as (
      select user_id, n from learners
      union all select ${learnerId}::int, 0
    ), shaped as (
      select user_id, n,
        case when n = 0 then ${DEMO_LEARNER_COMPLETED}::int
             else (${buckets})[((n * 7) % 20) + 1] end as k,
        date_trunc('second', now()) - make_interval(days => ((n * 37) % 150)::int) as enrolled_at
      from everyone
    )
    insert into learning_path_enrolments (path_id, user_id, status, source, assigned_by,
      enrolled_at, due_at, completed_at, progress_percent, completed_items,
      due_soon_notified_at, overdue_notified_at, created_at)
    select ${pathId}::int, user_id,
      case when k = ${COURSES_IN_PATH} then 'completed' else 'enrolled' end,
      case when n % 4 = 1 then 'self' else 'assigned' end,
      case when n % 4 = 1 then null else ${adminId}::int end,
      enrolled_at,
      enrolled_at + make_interval(days => ${DUE_DAYS}),
      case when k = ${COURSES_IN_PATH}
           then enrolled_at + (now() - enrolled_at) * (((n % 9) + 1) / 10.0) end,
      (k * 100) / ${COURSES_IN_PATH},
      k,
      case when enrolled_at + make_interval(days => ${DUE_DAYS}) <= now() + interval '60 days'
           then now() end,
      case when enrolled_at + make_interval(days => ${DUE_DAYS}) <= now() then now() end,
      enrolled_at
    from shaped`);
  // Completed courses up to k, the next one (started by 70 % of its learners), and 3 and 4.
  await db.execute(sql`
    insert into course_enrolments (course_id, user_id, status, assigned_by, enrolled_at,
      completed_at, progress_percent, created_at)
    select i.course_id, e.user_id,
      case when i.position <= e.completed_items then 'completed' else 'enrolled' end,
      e.assigned_by, e.enrolled_at,
      case when i.position <= e.completed_items
           then e.enrolled_at + (coalesce(e.completed_at, now()) - e.enrolled_at)
                * (i.position::numeric / ${COURSES_IN_PATH + 1}) end,
      case when i.position <= e.completed_items then 100
           when i.position = e.completed_items + 1 and e.user_id % 10 < 7
             then 10 + (e.user_id * 13) % 80
           else 0 end,
      e.enrolled_at
    from learning_path_enrolments e
    join learning_path_items i on i.path_id = e.path_id
    where e.path_id = ${pathId}
      and (i.position <= e.completed_items + 1 or i.position in (3, 4))
    on conflict (course_id, user_id) do nothing`);
  const [counts] = await queryRows<{ learners: number; course_enrolments: number }>(
    db,
    sql`select
      (select count(*)::int from learning_path_enrolments where path_id = ${pathId}) as learners,
      (select count(*)::int from course_enrolments ce
        join learning_path_items i on i.course_id = ce.course_id and i.path_id = ${pathId})
        as course_enrolments`,
  );
  return {
    id: pathId,
    learners: counts?.learners ?? 0,
    courseEnrolments: counts?.course_enrolments ?? 0,
  };
}
