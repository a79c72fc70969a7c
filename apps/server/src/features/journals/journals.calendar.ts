import { GOAL_STATUS_LABELS } from '@atrium/contract';
import { and, eq, gte, lt, ne } from 'drizzle-orm';
import type { CalendarItem, CalendarProvider } from '../../core/calendar-provider.ts';
import { learningGoals } from '../../schema/journals.table.ts';

const DAY_MS = 86_400_000;
const isoDay = (d: Date) => d.toISOString().slice(0, 10);

/**
 * Goals on their owner's calendar, and nobody else's: each dated goal of the caller in the
 * organisation they are signed in to, all day on its target date (a date with no zone, shown as
 * the UTC day like the other due dates), dropped ones left out. The link opens the dashboard,
 * where the plan is.
 */
export const journalsCalendar: CalendarProvider = {
  kinds: { goal: 'Learning goals' },
  async items(ctx, actor, range) {
    // Days whose [00:00, 24:00) UTC meets [from, to): from the day of `from` to the day before `to` ends.
    const rows = await ctx.db
      .select({
        id: learningGoals.id,
        title: learningGoals.title,
        targetDate: learningGoals.targetDate,
        status: learningGoals.status,
      })
      .from(learningGoals)
      .where(
        and(
          eq(learningGoals.userId, actor.userId),
          eq(learningGoals.organisationId, actor.organisationId),
          ne(learningGoals.status, 'dropped'),
          gte(learningGoals.targetDate, isoDay(range.from)),
          lt(learningGoals.targetDate, isoDay(new Date(range.to.getTime() + DAY_MS - 1))),
        ),
      );
    return rows.flatMap((g): CalendarItem[] => {
      if (g.targetDate === null) return [];
      const startsAt = new Date(`${g.targetDate}T00:00:00.000Z`);
      const endsAt = new Date(startsAt.getTime() + DAY_MS);
      if (endsAt <= range.from || startsAt >= range.to) return [];
      return [
        {
          kind: 'goal',
          id: `goal:${g.id}`,
          title: g.title,
          startsAt,
          endsAt,
          allDay: true,
          link: '/dashboard',
          detail: GOAL_STATUS_LABELS[g.status],
        },
      ];
    });
  },
};
