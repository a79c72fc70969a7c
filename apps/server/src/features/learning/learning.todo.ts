import { and, asc, eq, sql } from 'drizzle-orm';
import { TODO_PROVIDER_LIMIT, type TodoProvider } from '../../core/todo-provider.ts';
import { courses } from '../../schema/courses.table.ts';
import { courseEnrolments } from '../../schema/enrolments.table.ts';
import { canSee } from '../catalogue/index.ts';

/**
 * The courses the person is enrolled in (assigned or joined) and has not completed, soonest due
 * first: a next action whether not started, in progress or overdue. Only published courses they
 * may still open (catalogue.policy's canSee): a draft or archived course is no one's to-do.
 * One query on course_enrolments_user_status_idx. Link: the course player, /course-module/{id}.
 */
export const learningTodo: TodoProvider = {
  kinds: { course: 'Courses' },
  async items(ctx, auth) {
    const rows = await ctx.db
      .select({ enrolment: courseEnrolments, course: courses })
      .from(courseEnrolments)
      .innerJoin(courses, eq(courses.id, courseEnrolments.courseId))
      .where(
        and(
          eq(courseEnrolments.userId, auth.userId),
          eq(courseEnrolments.status, 'enrolled'),
          eq(courses.status, 'published'),
        ),
      )
      .orderBy(sql`${courseEnrolments.dueAt} asc nulls last`, asc(courseEnrolments.id))
      .limit(TODO_PROVIDER_LIMIT);
    return rows
      .filter(({ course }) => canSee(auth, course))
      .map(({ enrolment, course }) => ({
        kind: 'course',
        id: `course:${course.id}`,
        title: course.title,
        detail:
          enrolment.progressPercent > 0
            ? `In progress · ${enrolment.progressPercent}%`
            : 'Not started',
        href: `/course-module/${course.id}`,
        dueAt: enrolment.dueAt,
      }));
  },
};
