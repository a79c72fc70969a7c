import { sql } from 'drizzle-orm';
import { queryRows } from '../../core/db/database.ts';
import { TODO_PROVIDER_LIMIT, type TodoProvider } from '../../core/todo-provider.ts';

type Row = {
  id: number;
  uuid: string;
  title: string;
  course_title: string | null;
  closes_at: string | Date | null;
  started: boolean;
};

/**
 * The assessments the person has not submitted yet: the published assessments of their
 * organisation that "my assessments" shows them (assigned to them or their department, or of a
 * course they are enrolled in, as assessments.calendar), still open to them (their own override's
 * close date first, then their department's: mergeOverrides), without a submitted or graded
 * attempt. A closed one is no longer something they can do, so it is left out. One query that
 * starts from the person's own rows (assignments by user and department, enrolments by user,
 * then assessments_course_idx), never from the organisation's assessments. Link:
 * /assessment/{uuid}.
 */
export const assessmentsTodo: TodoProvider = {
  kinds: { assessment: 'Assessments' },
  async items(ctx, auth, now) {
    const me = auth.userId;
    const at = sql`${now.toISOString()}::timestamptz`;
    const rows = await queryRows<Row>(
      ctx.db,
      sql`with mine as (
            select aa.assessment_id as id from assessment_assignments aa
            where aa.user_id = ${me}
            union
            select aa.assessment_id from assessment_assignments aa
            where aa.department_id = (select up.department_id from user_profiles up
                                      where up.user_id = ${me})
            union
            select a.id from course_enrolments ce join assessments a on a.course_id = ce.course_id
            where ce.user_id = ${me} and ce.status in ('enrolled', 'completed')
          )
          select x.* from (
            select a.id, a.uuid, a.title, c.title as course_title,
              coalesce(uo.closes_at, dpo.closes_at, a.closes_at) as closes_at,
              exists (select 1 from assessment_attempts t where t.assessment_id = a.id
                        and t.user_id = ${me} and t.status = 'in_progress') as started
            from mine
            join assessments a on a.id = mine.id
            left join courses c on c.id = a.course_id
            left join assessment_overrides uo on uo.assessment_id = a.id and uo.user_id = ${me}
            left join assessment_overrides dpo on dpo.assessment_id = a.id
              and dpo.department_id = (select up.department_id from user_profiles up
                                       where up.user_id = ${me})
            where a.organisation_id = ${auth.organisationId} and a.status = 'published'
              and not exists (select 1 from assessment_attempts t where t.assessment_id = a.id
                                and t.user_id = ${me} and t.status in ('submitted', 'graded'))
          ) x
          where x.closes_at is null or x.closes_at > ${at}
          order by x.closes_at asc nulls last, x.id
          limit ${TODO_PROVIDER_LIMIT}`,
    );
    return rows.map((r) => ({
      kind: 'assessment',
      id: `assessment:${Number(r.id)}`,
      title: r.title,
      detail: [r.course_title ?? 'Assessment', r.started ? 'in progress' : 'not started'].join(
        ' · ',
      ),
      href: `/assessment/${r.uuid}`,
      dueAt: r.closes_at === null ? null : new Date(r.closes_at),
    }));
  },
};
