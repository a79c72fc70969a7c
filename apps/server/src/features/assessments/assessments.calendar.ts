import { sql } from 'drizzle-orm';
import type { CalendarItem, CalendarProvider } from '../../core/calendar-provider.ts';
import { queryRows } from '../../core/db/database.ts';

type Row = {
  id: number;
  uuid: string;
  title: string;
  course_title: string | null;
  opens_at: string | Date | null;
  closes_at: string | Date | null;
};

const at = (d: string | Date | null) => (d === null ? null : new Date(d));

/**
 * The caller's assessment windows: the published assessments of their organisation that the
 * "my assessments" list shows them (assigned to them or their department, or of a course they
 * are enrolled in: attempts.mine.ts), with their own override's dates when they have one (theirs
 * first, then their department's, as mergeOverrides). Open and close make one span; only one of
 * them, a moment. Link: the assessment's page, /assessment/{uuid}.
 */
export const assessmentsCalendar: CalendarProvider = {
  kinds: { assessment_window: 'Assessment windows' },
  async items(ctx, actor, range) {
    const me = actor.userId;
    const from = sql`${range.from.toISOString()}::timestamptz`;
    const to = sql`${range.to.toISOString()}::timestamptz`;
    const rows = await queryRows<Row>(
      ctx.db,
      sql`select x.* from (
            select a.id, a.uuid, a.title, c.title as course_title,
              coalesce(uo.opens_at, dpo.opens_at, a.opens_at) as opens_at,
              coalesce(uo.closes_at, dpo.closes_at, a.closes_at) as closes_at
            from assessments a
            left join courses c on c.id = a.course_id
            left join assessment_overrides uo on uo.assessment_id = a.id and uo.user_id = ${me}
            left join assessment_overrides dpo on dpo.assessment_id = a.id
              and dpo.department_id = (select up.department_id from user_profiles up
                                       where up.user_id = ${me})
            where a.organisation_id = ${actor.organisationId} and a.status = 'published'
              and (exists (select 1 from assessment_assignments aa where aa.assessment_id = a.id
                             and (aa.user_id = ${me} or aa.department_id =
                                  (select up.department_id from user_profiles up
                                   where up.user_id = ${me})))
                   or (a.course_id is not null and exists (select 1 from course_enrolments ce
                         where ce.course_id = a.course_id and ce.user_id = ${me}
                           and ce.status in ('enrolled', 'completed'))))
          ) x
          where (x.opens_at is not null or x.closes_at is not null)
            and coalesce(x.opens_at, x.closes_at) < ${to}
            and coalesce(x.closes_at, x.opens_at) >= ${from}
          order by coalesce(x.opens_at, x.closes_at), x.id
          limit 1000`,
    );
    return rows.map((r): CalendarItem => {
      const opens = at(r.opens_at);
      const closes = at(r.closes_at);
      const startsAt = (opens ?? closes) as Date;
      const what = opens && closes ? null : opens ? 'opens' : 'closes';
      return {
        kind: 'assessment_window',
        id: `assessment:${Number(r.id)}`,
        title:
          what === 'opens'
            ? `Opens: ${r.title}`
            : what === 'closes'
              ? `Closes: ${r.title}`
              : r.title,
        startsAt,
        endsAt: opens && closes ? closes : null,
        allDay: false,
        link: `/assessment/${r.uuid}`,
        detail: r.course_title ?? 'Assessment',
      };
    });
  },
};
