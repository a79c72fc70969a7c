import { and, eq, gte, lt } from 'drizzle-orm';
import {
  type CalendarItem,
  type CalendarProvider,
  dueDay,
  dueWindow,
} from '../../core/calendar-provider.ts';
import { learningPathEnrolments, learningPaths } from '../../schema/learning-paths.table.ts';
import { canSeePath } from './learning-paths.policy.ts';

/**
 * The learner's learning-path due dates, as whole days: their own enrolments still in progress,
 * in paths they may still see (canSeePath, enrolled). Link: the learner's path page,
 * /learning-path/learner/learning-path/{path id}.
 */
export const learningPathsCalendar: CalendarProvider = {
  kinds: { learning_path_due: 'Learning path due dates' },
  async items(ctx, actor, range) {
    const days = dueWindow(range);
    const rows = await ctx.db
      .select({ enrolment: learningPathEnrolments, path: learningPaths })
      .from(learningPathEnrolments)
      .innerJoin(learningPaths, eq(learningPaths.id, learningPathEnrolments.pathId))
      .where(
        and(
          eq(learningPathEnrolments.userId, actor.userId),
          eq(learningPathEnrolments.status, 'enrolled'),
          gte(learningPathEnrolments.dueAt, days.from),
          lt(learningPathEnrolments.dueAt, days.to),
        ),
      )
      .limit(1000);
    const items: CalendarItem[] = [];
    for (const { enrolment, path } of rows) {
      if (!enrolment.dueAt || !canSeePath(actor, path, true)) continue;
      items.push({
        kind: 'learning_path_due',
        id: `learning-path-due:${enrolment.id}`,
        title: `Due: ${path.title}`,
        ...dueDay(enrolment.dueAt),
        allDay: true,
        link: `/learning-path/learner/learning-path/${path.id}`,
        detail: 'Learning path due date',
      });
    }
    return items;
  },
};
