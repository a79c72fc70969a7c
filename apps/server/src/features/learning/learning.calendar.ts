import { and, eq, gte, lt, sql } from 'drizzle-orm';
import {
  type CalendarItem,
  type CalendarProvider,
  dueDay,
  dueWindow,
} from '../../core/calendar-provider.ts';
import { courses } from '../../schema/courses.table.ts';
import {
  assignmentSubmissions,
  assignments,
  courseEnrolments,
} from '../../schema/enrolments.table.ts';
import { canSee } from '../catalogue/index.ts';

/**
 * The learner's due dates: each course they are enrolled in (not yet completed) with a due date,
 * as a whole day, and each assignment of those courses with a deadline, at its hour. Only their
 * own enrolments, in courses they may still see (catalogue.policy's canSee).
 * Links: the course player, /course-module/{course id}.
 */
export const learningCalendar: CalendarProvider = {
  kinds: { course_due: 'Course due dates', assignment_due: 'Assignment deadlines' },
  async items(ctx, actor, range) {
    const days = dueWindow(range);
    const enrolled = and(
      eq(courseEnrolments.userId, actor.userId),
      eq(courseEnrolments.status, 'enrolled'),
    );
    const [due, deadlines] = await Promise.all([
      ctx.db
        .select({ enrolment: courseEnrolments, course: courses })
        .from(courseEnrolments)
        .innerJoin(courses, eq(courses.id, courseEnrolments.courseId))
        .where(
          and(
            enrolled,
            gte(courseEnrolments.dueAt, days.from),
            lt(courseEnrolments.dueAt, days.to),
          ),
        )
        .limit(1000),
      ctx.db
        .select({
          assignment: assignments,
          course: courses,
          submitted: sql<boolean>`exists (select 1 from ${assignmentSubmissions} s
            where s.assignment_id = ${assignments.id} and s.user_id = ${actor.userId})`,
        })
        .from(assignments)
        .innerJoin(courses, eq(courses.id, assignments.courseId))
        .innerJoin(
          courseEnrolments,
          and(eq(courseEnrolments.courseId, assignments.courseId), enrolled),
        )
        .where(and(gte(assignments.dueAt, range.from), lt(assignments.dueAt, range.to)))
        .limit(1000),
    ]);
    const items: CalendarItem[] = [];
    for (const { enrolment, course } of due) {
      if (!enrolment.dueAt || !canSee(actor, course)) continue;
      items.push({
        kind: 'course_due',
        id: `course-due:${enrolment.id}`,
        title: `Due: ${course.title}`,
        ...dueDay(enrolment.dueAt),
        allDay: true,
        link: `/course-module/${course.id}`,
        detail: 'Course due date',
      });
    }
    for (const { assignment, course, submitted } of deadlines) {
      if (!assignment.dueAt || !canSee(actor, course)) continue;
      items.push({
        kind: 'assignment_due',
        id: `assignment-due:${assignment.id}`,
        title: `Due: ${assignment.title}`,
        startsAt: assignment.dueAt,
        endsAt: null,
        allDay: false,
        link: `/course-module/${course.id}`,
        detail: submitted ? `${course.title} · submitted` : course.title,
      });
    }
    return items;
  },
};
